package io.engram.memory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads MEMORY.md for a session, line by line, sorting out what does not read as an index line: bytes that are not
 * UTF-8, control characters (binary data), a line over the line bound, an entry cut short where its file ends.
 * Those lines are skipped and named ({@link IndexText.SkippedLine}); the first whole lines that read well and fit the
 * line and byte bounds are kept. A file of any size is read in one pass holding at most one line's bound and the
 * kept text. Lines end as {@link String#lines()} ends them ({@code \n}, {@code \r\n} or {@code \r}), so line numbers
 * agree with every other reader of the index; a byte-order mark opening a file is dropped.
 */
final class IndexLineReader {
  // The UTF-8 byte-order mark (EF BB BF), which an editor may put at a file's start.
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  // Bytes read from the file at a time.
  private static final int BUFFER_BYTES = 8_192;

  private final int maxLines;
  private final int maxBytes;
  private final int maxLineBytes;
  private final StringBuilder kept = new StringBuilder();
  private final List<IndexText.SkippedLine> skipped = new ArrayList<>();
  private int keptLines;
  private int keptBytes;
  private boolean full;
  private int totalLines;
  private long totalBytes;

  IndexLineReader(int maxLines, int maxBytes, int maxLineBytes) {
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
    this.maxLineBytes = maxLineBytes;
  }

  /** Reads one file's lines, after those read before; {@code source} names it in what is reported. */
  IndexLineReader read(String source, InputStream in) throws IOException {
    Line line = new Line();
    byte[] buffer = new byte[BUFFER_BYTES];
    boolean atStart = true;
    boolean afterCr = false;
    int n;
    while ((n = in.read(buffer)) > 0) {
      totalBytes += n;
      int from = 0;
      if (atStart && n >= BOM.length && buffer[0] == BOM[0] && buffer[1] == BOM[1] && buffer[2] == BOM[2]) {
        from = BOM.length;
      }
      atStart = false;
      for (int i = from; i < n; i++) {
        byte b = buffer[i];
        if (afterCr && b == '\n') {
          afterCr = false;
          continue; // the \n of a \r\n, whose \r ended the line
        }
        afterCr = b == '\r';
        if (b == '\n' || b == '\r') {
          end(source, line, true);
          line = new Line();
        } else {
          line.add(b);
        }
      }
    }
    if (line.length > 0) {
      end(source, line, false);
    }
    return this;
  }

  /** What was read: the kept text, the counts, the lines skipped. */
  IndexText text() {
    return new IndexText(kept.toString(), totalLines, (int) Math.min(Integer.MAX_VALUE, totalBytes), keptLines,
        keptBytes, skipped);
  }

  private void end(String source, Line line, boolean terminated) {
    totalLines++;
    Optional<IndexText.Flaw> flaw = Optional.empty();
    String text = "";
    if (line.length > maxLineBytes) {
      flaw = Optional.of(IndexText.Flaw.TOO_LONG);
    } else {
      try {
        text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line.bytes.toByteArray()))
            .toString();
        if (text.chars().anyMatch(c -> (c < ' ' && c != '\t') || c == 0x7F)) {
          flaw = Optional.of(IndexText.Flaw.CONTROL_CHARACTERS);
        } else if (!terminated && cutShort(text)) {
          flaw = Optional.of(IndexText.Flaw.CUT_SHORT);
        }
      } catch (CharacterCodingException e) {
        flaw = Optional.of(IndexText.Flaw.NOT_UTF8);
      }
    }
    if (flaw.isPresent()) {
      skipped.add(new IndexText.SkippedLine(source, totalLines, line.length, flaw.get()));
      return;
    }
    int size = (int) line.length + 1; // a line that read well is within maxLineBytes, an int
    if (full || keptLines >= maxLines || keptBytes + size > maxBytes) {
      full = true; // whole lines from the start: once one does not fit, none after it is loaded
      return;
    }
    kept.append(text).append('\n');
    keptLines++;
    keptBytes += size;
  }

  // The last line of a file, without its line end, that opens an index entry and does not close it.
  private static boolean cutShort(String text) {
    return MemoryIndex.opensEntry(text) && MemoryIndex.parse(text, 0).isEmpty();
  }

  /** One line's bytes, kept up to the line bound and counted beyond it. */
  private final class Line {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    long length;

    void add(byte b) {
      if (length <= maxLineBytes) {
        bytes.write(b);
      }
      length++;
    }
  }
}
