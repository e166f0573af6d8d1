package io.engram.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.fs.AtomicFiles;
import io.engram.transcript.TranscriptCheckpoint;
import io.engram.transcript.TranscriptPosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far each transcript has been read into the history: the byte offset and line count where the next
 * read starts (the start of the last turn read, which may still grow), and the session it belongs to.
 * Kept in {@code <history>/read.json}; a missing or damaged file means everything is read again.
 */
final class ReadPositions {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Where to go on in one transcript, and what the file was when it was read there: its size and last change (a
   * transcript with both unchanged has nothing new) and the checksum of the bytes before {@code offset}
   * ({@link TranscriptCheckpoint}), which a transcript that is still the one read still holds; one replaced since,
   * even by a longer one or one of the same size, does not, and is read again from its start. A file written before
   * these were kept has 0 for each: its size then means nothing, its last change is not compared, and its offset is
   * trusted as it was.
   */
  record Position(String sessionId, long offset, int lines, long size, long modified, long checksum) {
    /**
     * Where to go on in {@code file}, read up to {@code offset} ({@code lines} lines) as {@code sessionId}; {@code
     * size} and {@code modified} are the file's as they were before the read, so that what was appended during it
     * is read next time.
     */
    static Position in(Path file, String sessionId, long offset, int lines, long size, long modified)
        throws IOException {
      long checksum = TranscriptCheckpoint.of(file, new TranscriptPosition(offset, lines)).checksum();
      return new Position(sessionId, offset, lines, size, modified, checksum);
    }

    /** Whether {@code file}, now {@code size} bytes changed at {@code modified}, is as it was at this read. */
    boolean unchanged(long size, long modified) {
      return this.size == size && (this.modified == 0 || this.modified == modified);
    }

    /** Whether {@code file} still holds the bytes read before {@code offset}: it is still the transcript read. */
    boolean holdsIn(Path file) {
      return checksum == 0 || new TranscriptCheckpoint(new TranscriptPosition(offset, lines), checksum).holdsIn(file);
    }
  }

  /** The stored form. */
  record Stored(Map<String, Position> transcripts) {}

  private final Path file;

  ReadPositions(Path file) {
    this.file = file;
  }

  Map<String, Position> read() {
    if (!Files.exists(file)) {
      return new TreeMap<>();
    }
    try {
      Stored s = JSON.readValue(file.toFile(), Stored.class);
      return s.transcripts() == null ? new TreeMap<>() : new TreeMap<>(s.transcripts());
    } catch (IOException | RuntimeException e) {
      return new TreeMap<>();
    }
  }

  void write(Map<String, Position> positions) throws IOException {
    Files.createDirectories(file.getParent());
    AtomicFiles.writeString(file, JSON.writeValueAsString(new Stored(new TreeMap<>(positions))));
  }
}
