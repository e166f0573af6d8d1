package io.engram.transcript;

import com.fasterxml.jackson.core.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The complete lines of a JSON Lines transcript after a {@link TranscriptPosition}, read a buffer at a time: the cost
 * and the memory grow with what was appended since, not with the file. A last line still being written is left for a
 * later reading, unless it is already a whole JSON object or array, as a file an agent finished may end; the line end
 * that may follow such a line later is no line of its own.
 */
final class AppendedLines {
  private AppendedLines() {}

  /**
   * What {@code file}, of {@code format}'s lines, holds after {@code from}, stopping after the line that reaches
   * {@code maxBytes} past it.
   */
  static TranscriptTail read(Path file, TranscriptFormat format, TranscriptPosition from, long maxBytes)
      throws IOException {
    LineReader state = LineReader.of(format);
    long offset = from.byteOffset();
    int lineNumber = from.lineNumber();
    try (FileChannel channel = FileChannel.open(file)) {
      if (channel.size() < offset) {
        throw new IOException("transcript " + file + " is " + channel.size() + " bytes, shorter than the "
            + offset + " already read: it was replaced or truncated");
      }
      // An earlier reading that took a last line without its line end ends there: the line end, when it comes, closes
      // that line and is no line of its own.
      boolean lineOpen = offset > 0 && byteAt(channel, offset - 1) != '\n';
      channel.position(offset);
      ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
      ByteArrayOutputStream line = new ByteArrayOutputStream(1 << 12);
      long stopAt = maxBytes >= Long.MAX_VALUE - offset ? Long.MAX_VALUE : offset + Math.max(1, maxBytes);
      while (offset < stopAt && channel.read(buffer) > 0) {
        buffer.flip();
        byte[] bytes = buffer.array();
        int start = 0;
        for (int i = 0; i < buffer.limit() && offset < stopAt; i++) {
          if (bytes[i] != '\n') {
            continue;
          }
          line.write(bytes, start, i - start);
          start = i + 1;
          offset += line.size() + 1L;
          String text = line.toString(StandardCharsets.UTF_8);
          if (!(lineOpen && text.isBlank())) {
            lineNumber++;
          }
          lineOpen = false;
          if (!text.isBlank()) {
            state.accept(text, lineNumber);
          }
          line.reset();
        }
        line.write(bytes, start, buffer.limit() - start);
        buffer.clear();
      }
      // The file's last line without a line end: still being written, unless it is already a whole JSON object or
      // array (a cut one never parses, as its closing bracket is missing), as a file an agent finished may end.
      if (line.size() > 0 && offset < stopAt && offset + line.size() == channel.size()) {
        String text = line.toString(StandardCharsets.UTF_8);
        if (text.indexOf('\n') < 0 && isWholeJson(text)) {
          lineNumber++;
          offset += line.size();
          state.accept(text, lineNumber);
        }
      }
    }
    return new TranscriptTail(state.transcript(TranscriptReader.stem(file)), from,
        new TranscriptPosition(offset, lineNumber));
  }

  private static byte byteAt(FileChannel channel, long position) throws IOException {
    ByteBuffer one = ByteBuffer.allocate(1);
    return channel.read(one, position) == 1 ? one.get(0) : (byte) '\n';
  }

  private static boolean isWholeJson(String text) {
    String t = text.strip();
    if (t.isEmpty() || (t.charAt(0) != '{' && t.charAt(0) != '[')) {
      return false;
    }
    try (JsonParser parser = JsonLines.MAPPER.getFactory().createParser(t)) {
      parser.nextToken();
      parser.skipChildren();
      return parser.nextToken() == null;
    } catch (IOException e) {
      return false;
    }
  }
}
