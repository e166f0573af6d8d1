package io.engram.memory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The part of MEMORY.md that is loaded at session start, what was cut to get there, and the lines skipped because
 * they do not read as index lines ({@link Flaw}): a damaged index loads what reads well and says what it skipped.
 *
 * @param text the loaded text: whole lines only, at most the line and byte limits
 * @param totalLines lines in the full index
 * @param totalBytes UTF-8 bytes in the full index
 * @param loadedLines lines in {@code text}
 * @param loadedBytes UTF-8 bytes in {@code text}
 * @param skipped the lines left out because they do not read as index lines, in file order
 */
public record IndexText(String text, int totalLines, int totalBytes, int loadedLines, int loadedBytes,
    List<SkippedLine> skipped) {
  // Skipped lines named one by one in a note; the rest are counted (a file of junk has thousands).
  private static final int NAMED_SKIPS = 5;

  /** Why a line of MEMORY.md is not loaded although it would fit. */
  public enum Flaw {
    /** Bytes that are not UTF-8 (another encoding, or binary data). */
    NOT_UTF8("not UTF-8 text"),
    /** Control characters other than a tab: binary data, not text. */
    CONTROL_CHARACTERS("control characters, binary data"),
    /** A line over {@code memory.indexMaxLineBytes}. */
    TOO_LONG("longer than memory.indexMaxLineBytes"),
    /** The last line, with no line end, opens an entry and stops before its link closes: the file was cut. */
    CUT_SHORT("an entry cut short where the file ends");

    private final String says;

    Flaw(String says) {
      this.says = says;
    }

    /** What the flaw is, in a few words. */
    public String says() {
      return says;
    }
  }

  /**
   * A line left out because it does not read as an index line.
   *
   * @param source the file it is in
   * @param line its number, counted over the index as read (from 1)
   * @param bytes its length in bytes
   * @param flaw why it was left out
   */
  public record SkippedLine(String source, int line, long bytes, Flaw flaw) {
    public SkippedLine {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(flaw, "flaw");
    }
  }

  public IndexText {
    Objects.requireNonNull(text, "text");
    skipped = List.copyOf(skipped);
  }

  /**
   * The first {@code maxLines} lines of {@code full} that fit in {@code maxBytes} UTF-8 bytes, lines with control
   * characters or over {@code maxBytes} skipped.
   */
  public static IndexText of(String full, int maxLines, int maxBytes) {
    try {
      return new IndexLineReader(maxLines, maxBytes, maxBytes).read(MemoryIndex.FILE_NAME,
          new ByteArrayInputStream(full.getBytes(StandardCharsets.UTF_8))).text();
    } catch (IOException e) {
      throw new UncheckedIOException("reading an index held in memory", e); // a byte array cannot fail to read
    }
  }

  /** True when lines that read well were left out for the line or byte limit. */
  public boolean truncated() {
    return cutLines() > 0;
  }

  /** Lines that read well left out for the limits. */
  public int cutLines() {
    return totalLines - loadedLines - skipped.size();
  }

  /** A ledger note such as {@code MEMORY.md: loaded 200 of 250 lines (24,980 of 31,200 bytes)}; empty if whole. */
  public String cutNote() {
    if (!truncated()) {
      return "";
    }
    return String.format("MEMORY.md: loaded %d of %d lines (%,d of %,d bytes); %d lines left out",
        loadedLines, totalLines, loadedBytes, totalBytes, cutLines());
  }

  /**
   * What was skipped, for the person and the agent, such as {@code MEMORY.md: 2 lines skipped, which do not read as
   * index lines: /p/MEMORY.md line 3 (not UTF-8 text), line 9 (longer than memory.indexMaxLineBytes: 2,097,152
   * bytes)}; empty when nothing was.
   */
  public String skipNote() {
    if (skipped.isEmpty()) {
      return "";
    }
    StringBuilder named = new StringBuilder();
    String lastSource = "";
    for (SkippedLine s : skipped.subList(0, Math.min(NAMED_SKIPS, skipped.size()))) {
      named.append(named.length() == 0 ? "" : ", ").append(s.source().equals(lastSource) ? "" : s.source() + " ")
          .append("line ").append(s.line()).append(" (").append(s.flaw().says())
          .append(s.flaw() == Flaw.TOO_LONG ? String.format(": %,d bytes", s.bytes()) : "").append(')');
      lastSource = s.source();
    }
    int more = skipped.size() - NAMED_SKIPS;
    return String.format("MEMORY.md: %,d line%s skipped, which do not read as index lines: %s%s; fix or delete %s",
        skipped.size(), skipped.size() == 1 ? "" : "s", named, more > 0 ? String.format(" and %,d more", more) : "",
        skipped.size() == 1 ? "it" : "them");
  }
}
