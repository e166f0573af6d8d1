package io.engram.dream;

import io.engram.config.EngramSettings;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prunes the MEMORY.md index: drops pointers to missing topic files, keeps one line per file (the
 * first), collapses blank runs, and then, while the index is over its line or byte limit, drops the
 * pointers to the least recently updated files (unknown dates first, later lines first on ties);
 * only if no pointer is left does it cut other lines from the end. Dropped pointers lose nothing:
 * their topic files stay, and recall still finds them. Blank lines are never left at either end or
 * next to each other, also where the cuts expose them, so pruning the result again changes nothing.
 *
 * <p>Lines end at {@code \n}, {@code \r} or {@code \r\n} ({@link String#lines()}). A pointer is the first
 * Markdown link of a line whose target is not a URL ({@code - [Title](file.md) - hook}); the target is
 * compared without a leading {@code ./} and without an {@code #anchor}.
 */
final class IndexPruner {
  private static final Pattern LINK = Pattern.compile("\\[[^\\[\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

  private final int maxLines;
  private final int maxBytes;

  /** A pruner keeping at most {@code maxLines} lines and {@code maxBytes} UTF-8 bytes. */
  public IndexPruner(int maxLines, int maxBytes) {
    if (maxLines < 1 || maxBytes < 1) {
      throw new IllegalArgumentException("index limits must be positive: " + maxLines + " lines, " + maxBytes + " bytes");
    }
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
  }

  /** A pruner with {@code dream.indexMaxLines} and {@code memory.indexMaxBytes}. */
  public static IndexPruner of(EngramSettings settings) {
    return new IndexPruner(settings.dream().indexMaxLines(), settings.memory().indexMaxBytes());
  }

  /**
   * Prunes {@code index} (the text of MEMORY.md).
   *
   * @param fileExists whether a pointer target (relative to the memory directory) exists
   * @param updated when each target file was last updated; files not in it count as oldest
   */
  public PrunedIndex prune(String index, Predicate<String> fileExists, Map<String, Instant> updated) {
    // Lines as the loader counts them (IndexText): U+0085 or U+2028 inside a line must not split it in two.
    List<String> lines = index.lines().toList();
    List<Entry> kept = new ArrayList<>();
    List<RemovedLine> removed = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Optional<String> target = target(line);
      if (target.isPresent() && !fileExists.test(target.get())) {
        removed.add(new RemovedLine(i + 1, line, RemovedLine.Reason.MISSING_FILE));
      } else if (target.isPresent() && !seen.add(target.get())) {
        removed.add(new RemovedLine(i + 1, line, RemovedLine.Reason.DUPLICATE));
      } else {
        kept.add(new Entry(i + 1, line, target));
      }
    }
    collapseBlanks(kept, removed);
    shrink(kept, removed, updated);
    // A cut can leave a blank line first, last or beside another one; the next pruning would drop it.
    collapseBlanks(kept, removed);
    removed.sort(Comparator.comparingInt(RemovedLine::lineNumber));
    return new PrunedIndex(kept.stream().map(e -> e.line).toList(), removed);
  }

  /** Drops blank lines at the start, at the end and after another blank line. */
  private static void collapseBlanks(List<Entry> kept, List<RemovedLine> removed) {
    List<Entry> out = new ArrayList<>(kept.size());
    for (Entry e : kept) {
      boolean stray = e.line.isBlank() && (out.isEmpty() || out.get(out.size() - 1).line.isBlank());
      if (stray) {
        removed.add(new RemovedLine(e.number, e.line, RemovedLine.Reason.BLANK_RUN));
      } else {
        out.add(e);
      }
    }
    while (!out.isEmpty() && out.get(out.size() - 1).line.isBlank()) {
      Entry e = out.remove(out.size() - 1);
      removed.add(new RemovedLine(e.number, e.line, RemovedLine.Reason.BLANK_RUN));
    }
    kept.clear();
    kept.addAll(out);
  }

  private void shrink(List<Entry> kept, List<RemovedLine> removed, Map<String, Instant> updated) {
    Comparator<Entry> dropFirst =
        Comparator.<Entry, Instant>comparing(e -> updated.getOrDefault(e.target.orElseThrow(), Instant.MIN))
            .thenComparing(Comparator.comparingInt((Entry e) -> e.number).reversed());
    int bytes = kept.stream().mapToInt(e -> e.line.getBytes(StandardCharsets.UTF_8).length + 1).sum();
    while (kept.size() > maxLines || bytes > maxBytes) {
      Optional<Entry> victim = kept.stream().filter(e -> e.target.isPresent()).min(dropFirst);
      Entry e = victim.orElse(kept.get(kept.size() - 1));
      kept.remove(e);
      bytes -= e.line.getBytes(StandardCharsets.UTF_8).length + 1;
      removed.add(new RemovedLine(e.number, e.line, RemovedLine.Reason.OVER_LIMIT));
    }
  }

  /** The local file a line points to, if it is a pointer line. */
  static Optional<String> target(String line) {
    Matcher m = LINK.matcher(line);
    while (m.find()) {
      String t = m.group(1);
      if (t.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*") || t.startsWith("#")) {
        continue;
      }
      int hash = t.indexOf('#');
      if (hash >= 0) {
        t = t.substring(0, hash);
      }
      while (t.startsWith("./")) {
        t = t.substring(2);
      }
      return Optional.of(t.replace("%20", " "));
    }
    return Optional.empty();
  }

  private record Entry(int number, String line, Optional<String> target) {}
}
