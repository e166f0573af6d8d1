package io.engram.compaction;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A compaction summary split into its sections.
 *
 * <p>{@link #parse} accepts what models actually write: an optional {@code <analysis>} block
 * (kept apart, never scanned for sections), an optional {@code <summary>} block (only its inside is
 * scanned), and headings such as {@code 1. Primary Request and Intent:}, {@code ## 2. Key Technical
 * Concepts}, {@code **Errors & Fixes:**} or {@code 4) errors and fixes: inline text}. A heading is a
 * line indented by at most three spaces that, after an optional {@code #} run, emphasis marks and a
 * section number, starts with a known alias of a section ({@link SummarySection#aliases()}) followed by
 * the end of the line or a colon (a line with none of those marks needs the colon and nothing after it,
 * and a one-word alias such as "Files" needs a mark). A heading for a section already opened is kept as
 * body text, so numbered lists inside a section cannot reopen earlier sections.
 *
 * <p>The text it reads may quote what it summarises: the summary block runs from the first opening tag
 * to the last closing one, tags and headings inside fenced code blocks do not count, and when the block
 * holds no heading while the text around it does (a quoted {@code <summary>} of a task notification was
 * taken for the block), the text around it is read. What Claude Code writes around a summary it hands on is taken
 * off first ({@link ClaudeCodeFraming}): the lines before and after it, which no reader counts, and its rendered
 * analysis, read apart from the sections and kept as the preamble, since the next session reads it too. Claude Code's
 * session memory, handed on as the summary in its own layout, is read by that layout ({@link SessionMemoryLayout}). It
 * never fails: any text yields a (possibly empty) result.
 *
 * @param analysis the text inside {@code <analysis>} tags, or empty
 * @param preamble text before the first heading, or empty
 * @param sections body text per section found (trimmed; may be empty when only the heading was there)
 */
record SummarySections(String analysis, String preamble, Map<SummarySection, String> sections) {

  private static final List<Alias> ALIASES =
      Arrays.stream(SummarySection.values())
          .flatMap(s -> s.aliases().stream().map(a -> new Alias(a, s)))
          .sorted(Comparator.comparingInt((Alias a) -> a.text().length()).reversed())
          .toList();

  public SummarySections {
    EnumMap<SummarySection, String> copy = new EnumMap<>(SummarySection.class);
    copy.putAll(sections);
    sections = Collections.unmodifiableMap(copy);
  }

  /** Splits {@code text} into sections; never throws. */
  public static SummarySections parse(String framed) {
    ClaudeCodeFraming.Unframed unframed = ClaudeCodeFraming.unframe(framed);
    SummarySections read = SessionMemoryLayout.read(unframed.summary()).orElseGet(() -> parseTagged(unframed.summary()));
    // Claude Code hands its rendered analysis on with the summary: it is read as text before the first section.
    return unframed.analysis().isBlank() ? read : new SummarySections(read.analysis(),
        (unframed.analysis().strip() + "\n\n" + read.preamble()).strip(), read.sections());
  }

  private static SummarySections parseTagged(String text) {
    List<int[]> fences = MarkdownFence.spans(text);
    String analysis = between(text, "analysis", fences).orElse("");
    String outside = withoutBlock(text, "analysis", fences);
    SummarySections inBlock = split(between(text, "summary", fences).orElse(outside), analysis);
    // A quoted "<summary>" (a task notification in a user message) is not the summary: when the text around the
    // block holds sections the block does not (the quote opened after the first headings), the text is read instead.
    if (between(text, "summary", fences).isPresent()) {
      SummarySections whole = split(outside, analysis);
      return whole.sections().size() > inBlock.sections().size() ? whole : inBlock;
    }
    return inBlock;
  }

  private static SummarySections split(String body, String analysis) {
    EnumMap<SummarySection, StringBuilder> found = new EnumMap<>(SummarySection.class);
    StringBuilder preamble = new StringBuilder();
    StringBuilder current = preamble;
    String[] lines = body.split("\r?\n|\r", -1);
    boolean[] inFence = MarkdownFence.closedFences(lines);
    for (int l = 0; l < lines.length; l++) {
      String line = lines[l];
      Optional<Heading> heading = inFence[l] ? Optional.empty()
          : heading(line).filter(h -> !found.containsKey(h.section()));
      if (heading.isPresent()) {
        current = new StringBuilder(heading.get().inline());
        found.put(heading.get().section(), current);
      } else {
        current.append('\n').append(line);
      }
    }
    Map<SummarySection, String> sections =
        found.entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().toString().strip()));
    return new SummarySections(analysis.strip(), preamble.toString().strip(), sections);
  }

  /** The body of {@code section} if its heading was found. */
  public Optional<String> get(SummarySection section) {
    return Optional.ofNullable(sections.get(section));
  }

  /** Whether {@code section} was found with a non-blank body. */
  public boolean present(SummarySection section) {
    return get(section).filter(b -> !b.isBlank()).isPresent();
  }

  /** The required sections (the first eight) found with a non-blank body. */
  public Set<SummarySection> presentRequired() {
    return Arrays.stream(SummarySection.values())
        .filter(s -> s.required() && present(s))
        .collect(Collectors.toCollection(() -> java.util.EnumSet.noneOf(SummarySection.class)));
  }

  /** The required sections missing or empty, in order. */
  public List<SummarySection> missingRequired() {
    return Arrays.stream(SummarySection.values())
        .filter(s -> s.required() && !present(s))
        .toList();
  }

  /**
   * A copy with {@code text} appended to the body of {@code section} (after a blank line), opening
   * the section if it was not there.
   */
  public SummarySections withAppended(SummarySection section, String text) {
    EnumMap<SummarySection, String> copy = new EnumMap<>(SummarySection.class);
    copy.putAll(sections);
    copy.merge(section, text.strip(), (old, add) -> old.isBlank() ? add : old + "\n\n" + add);
    return new SummarySections(analysis, preamble, copy);
  }

  /**
   * The summary in canonical form: a {@code <summary>} block with numbered headings, sections in
   * order; the preamble (if any) first, the analysis left out.
   */
  public String render() {
    StringBuilder out = new StringBuilder("<summary>\n");
    if (!preamble.isBlank()) {
      out.append(preamble).append("\n\n");
    }
    sections.forEach(
        (s, b) -> out.append(s.number()).append(". ").append(s.title()).append(":\n").append(b).append("\n\n"));
    return out.append("</summary>\n").toString();
  }

  /** Deeper indentation is body text: a quoted message's lines, a nested list. */
  private static final int MAX_INDENT = 3;

  private record Alias(String text, SummarySection section) {}

  private record Heading(SummarySection section, String inline) {}

  private static Optional<Heading> heading(String line) {
    int i = skip(line, 0, " \t");
    if (i > MAX_INDENT) {
      return Optional.empty();
    }
    int hashes = i;
    i = skip(line, i, "#");
    boolean marked = i > hashes;
    int emphasis = i;
    i = skip(line, i, " \t*_");
    marked |= line.substring(emphasis, i).strip().length() > 0;
    int digits = i;
    while (i < line.length() && i - digits < 2 && Character.isDigit(line.charAt(i))) {
      i++;
    }
    if (i > digits) {
      if (i < line.length() && Character.isDigit(line.charAt(i))) {
        return Optional.empty();
      }
      marked = true;
      i = skip(line, i, ".)");
    }
    i = skip(line, i, " \t*_");
    for (Alias alias : ALIASES) {
      // A one-word alias ("Files:", "Errors:") on an unmarked line is too likely to be body text.
      boolean oneWord = alias.text().indexOf(' ') < 0;
      if ((marked || !oneWord) && line.regionMatches(true, i, alias.text(), 0, alias.text().length())) {
        return tail(line, i + alias.text().length(), marked).map(t -> new Heading(alias.section(), t));
      }
    }
    return Optional.empty();
  }

  /**
   * After the title: the end of the line (only decoration left) or a colon and inline text. A line with
   * no heading mark needs the colon and nothing after it: "Next steps: run the tests" is prose.
   */
  private static Optional<String> tail(String line, int from, boolean marked) {
    int i = skip(line, from, " \t*_");
    if (i < line.length() && line.charAt(i) == '(' && line.indexOf(')', i) > 0) {
      i = skip(line, line.indexOf(')', i) + 1, " \t*_");
    }
    if (i == line.length()) {
      return marked ? Optional.of("") : Optional.empty();
    }
    if (line.charAt(i) != ':') {
      return Optional.empty();
    }
    String inline = line.substring(skip(line, i + 1, " \t*_"));
    return marked || inline.isBlank() ? Optional.of(inline) : Optional.empty();
  }

  private static int skip(String s, int from, String chars) {
    int i = from;
    while (i < s.length() && chars.indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    return i;
  }

  /**
   * The text inside the first opening {@code tag} and the last closing one, tags inside fenced code
   * blocks not counted: a closing tag quoted inside the block cannot end it early.
   */
  private static Optional<String> between(String text, String tag, List<int[]> fences) {
    int open = find(text, "<" + tag + ">", 0, fences);
    if (open < 0) {
      return Optional.empty();
    }
    int start = open + tag.length() + 2;
    int close = -1;
    for (int at = find(text, "</" + tag + ">", start, fences); at >= 0; at = find(text, "</" + tag + ">", at + 1, fences)) {
      close = at;
    }
    return Optional.of(text.substring(start, close < 0 ? text.length() : close));
  }

  private static String withoutBlock(String text, String tag, List<int[]> fences) {
    int open = find(text, "<" + tag + ">", 0, fences);
    if (open < 0) {
      return text;
    }
    int close = find(text, "</" + tag + ">", open, fences);
    return close < 0 ? text.substring(0, open) : text.substring(0, open) + text.substring(close + tag.length() + 3);
  }

  private static int find(String text, String needle, int from, List<int[]> fences) {
    for (int at = find(text, needle, from); at >= 0; at = find(text, needle, at + 1)) {
      int here = at;
      if (fences.stream().noneMatch(f -> here >= f[0] && here < f[1])) {
        return at;
      }
    }
    return -1;
  }

  /** Case-insensitive indexOf that keeps indices of the original text (no lower-casing copy). */
  private static int find(String text, String needle, int from) {
    for (int i = from; i + needle.length() <= text.length(); i++) {
      if (text.regionMatches(true, i, needle, 0, needle.length())) {
        return i;
      }
    }
    return -1;
  }
}
