package io.engram.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.fs.AtomicFiles;
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
   * Where to go on in one transcript, and its size when it was read there: a transcript still that size has
   * nothing new ({@code size} is 0 in a file written before sizes were kept, so such a transcript is read once more).
   */
  record Position(String sessionId, long offset, int lines, long size) {}

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
