package io.engram.history;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The complete lines of a transcript from a byte offset, with where each line starts. */
record TranscriptChunk(String text, long[] lineStarts) {
  int lines() {
    return lineStarts.length;
  }

  /** The byte offset, from the chunk's start, of its 0-based line {@code i} (its end when past the last). */
  long offsetOfLine(int i) {
    return i < lineStarts.length ? lineStarts[i] : text.getBytes(StandardCharsets.UTF_8).length;
  }

  static TranscriptChunk read(Path file, long offset) throws IOException {
    byte[] bytes;
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long length = in.length() - offset;
      if (length <= 0) {
        return new TranscriptChunk("", new long[0]);
      }
      if (length > Integer.MAX_VALUE - 16) {
        throw new IOException("transcript too large to read at once: " + length + " bytes");
      }
      bytes = new byte[(int) length];
      in.seek(offset);
      in.readFully(bytes);
    }
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--; // a line still being written is read next time
    }
    List<Long> starts = new ArrayList<>();
    for (int i = 0; i < end; i++) {
      if (i == 0 || bytes[i - 1] == '\n') {
        starts.add((long) i);
      }
    }
    return new TranscriptChunk(new String(bytes, 0, end, StandardCharsets.UTF_8),
        starts.stream().mapToLong(Long::longValue).toArray());
  }
}
