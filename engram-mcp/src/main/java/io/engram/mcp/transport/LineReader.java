package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * Splits a byte stream into lines ending in {@code \n} (a {@code \r} before it is dropped), holding at
 * most {@code maxBytes} of one line: the rest of a longer line is skipped and the line reported as too long, with
 * the top-level id it was read for on the way ({@link TopLevelId}), so that its request can be answered.
 */
final class LineReader {
  private final InputStream in;
  private final int maxBytes;
  private final byte[] chunk = new byte[64 * 1024];
  private int chunkStart;
  private int chunkEnd;
  private byte[] line = new byte[8 * 1024];
  private long number;
  private TopLevelId scan; // of the line being read, once it is too long to keep

  /**
   * One line.
   *
   * @param number its number, from 1
   * @param bytes its bytes (only the first {@code length} count)
   * @param length its length without the line end
   * @param tooLong whether it was longer than the limit (then {@code bytes} holds nothing useful)
   * @param id a too long line's top-level {@code "id"}, when it has one that is a number or a string
   */
  record Line(long number, byte[] bytes, int length, boolean tooLong, Optional<JsonNode> id) {
    boolean blank() {
      for (int i = 0; i < length; i++) {
        if (bytes[i] != ' ' && bytes[i] != '\t' && bytes[i] != '\r') {
          return false;
        }
      }
      return true;
    }
  }

  LineReader(InputStream in, int maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
  }

  /** The next line, or {@code null} at the end of the stream (a last line without {@code \n} counts). */
  Line next() throws IOException {
    int length = 0;
    boolean tooLong = false;
    boolean any = false;
    scan = null;
    while (true) {
      if (chunkStart == chunkEnd) {
        int n = in.read(chunk);
        if (n < 0) {
          return any ? finish(length, tooLong) : null;
        }
        chunkStart = 0;
        chunkEnd = n;
        continue;
      }
      any = true;
      int end = chunkStart;
      while (end < chunkEnd && chunk[end] != '\n') {
        end++;
      }
      int take = end - chunkStart;
      if (!tooLong && length + take <= maxBytes) {
        if (length + take > line.length) {
          line = Arrays.copyOf(line, Math.min(maxBytes, Math.max(line.length * 2, length + take)));
        }
        System.arraycopy(chunk, chunkStart, line, length, take);
        length += take;
      } else {
        if (!tooLong) {
          scan = new TopLevelId();
          scan.feed(line, 0, length);
        }
        tooLong = true;
        scan.feed(chunk, chunkStart, take);
      }
      chunkStart = end;
      if (end < chunkEnd) {
        chunkStart++; // past the \n
        return finish(length, tooLong);
      }
    }
  }

  private Line finish(int length, boolean tooLong) {
    number++;
    if (!tooLong && length > 0 && line[length - 1] == '\r') {
      length--;
    }
    return new Line(number, line, tooLong ? 0 : length, tooLong,
        tooLong ? scan.id() : Optional.empty());
  }
}
