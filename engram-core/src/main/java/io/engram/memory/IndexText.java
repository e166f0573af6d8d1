package io.engram.memory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The part of MEMORY.md that is loaded at session start, and what was cut to get there.
 *
 * @param text the loaded text: whole lines only, at most the line and byte limits
 * @param totalLines lines in the full index
 * @param totalBytes UTF-8 bytes in the full index
 * @param loadedLines lines in {@code text}
 * @param loadedBytes UTF-8 bytes in {@code text}
 */
public record IndexText(String text, int totalLines, int totalBytes, int loadedLines, int loadedBytes) {

  public IndexText {
    Objects.requireNonNull(text, "text");
  }

  /** The first {@code maxLines} lines of {@code full} that fit in {@code maxBytes} UTF-8 bytes. */
  public static IndexText of(String full, int maxLines, int maxBytes) {
    List<String> lines = full.isEmpty() ? List.of() : full.lines().toList();
    StringBuilder kept = new StringBuilder();
    int bytes = 0;
    int count = 0;
    for (String line : lines) {
      int size = line.getBytes(StandardCharsets.UTF_8).length + 1;
      if (count >= maxLines || bytes + size > maxBytes) {
        break;
      }
      kept.append(line).append('\n');
      bytes += size;
      count++;
    }
    return new IndexText(kept.toString(), lines.size(), full.getBytes(StandardCharsets.UTF_8).length, count, bytes);
  }

  /** True when lines or bytes were left out. */
  public boolean truncated() {
    return loadedLines < totalLines;
  }

  /** Lines left out. */
  public int cutLines() {
    return totalLines - loadedLines;
  }

  /** A ledger note such as {@code MEMORY.md: loaded 200 of 250 lines (24,980 of 31,200 bytes)}; empty if whole. */
  public String cutNote() {
    if (!truncated()) {
      return "";
    }
    return String.format("MEMORY.md: loaded %d of %d lines (%,d of %,d bytes); %d lines left out",
        loadedLines, totalLines, loadedBytes, totalBytes, cutLines());
  }
}
