package io.engram.compaction;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The layout of Claude Code's session memory, which it hands on as the summary when it compacts from the notes it kept
 * during the session rather than by summarising: top-level headings of its own ({@code # Session Title}, {@code #
 * Current State}, {@code # Task specification}, {@code # Files and Functions}, {@code # Workflow}, {@code # Errors &
 * Corrections}, {@code # Codebase and System Documentation}, {@code # Learnings}, {@code # Key results}, {@code #
 * Worklog}), each followed by the template's own line in italics that says what belongs there ("_What is actively
 * being worked on right now? Pending tasks not yet completed. Immediate next steps._").
 *
 * <p>Read as the nine sections: the task specification is the request, the codebase's documentation the concepts,
 * the learnings and the worklog the problem solving, and the current state, which the template asks to hold the work
 * in progress, the pending tasks and the next steps, is all three. The template's lines in italics are the same in
 * every such summary and say nothing of the session, so they are dropped; a heading of no section (the title, the
 * workflow, the key results) is kept as text before the sections. There is no section of the user's messages.
 */
final class SessionMemoryLayout {
  private static final Pattern HEADING = Pattern.compile("^#\\s+(.+?)\\s*$");
  // A line wholly in italics: the template's description of its section.
  private static final Pattern TEMPLATE_LINE = Pattern.compile("^_[^_].*_$");
  private static final Map<String, List<SummarySection>> SECTIONS = Map.of(
      "current state", List.of(SummarySection.CURRENT_WORK, SummarySection.PENDING_TASKS, SummarySection.NEXT_STEP),
      "task specification", List.of(SummarySection.PRIMARY_REQUEST),
      "files and functions", List.of(SummarySection.FILES_AND_CODE),
      "errors & corrections", List.of(SummarySection.ERRORS_AND_FIXES),
      "codebase and system documentation", List.of(SummarySection.KEY_CONCEPTS),
      "learnings", List.of(SummarySection.PROBLEM_SOLVING),
      "worklog", List.of(SummarySection.PROBLEM_SOLVING));
  // The headings that tell the layout apart from a summary that happens to use one of the names above.
  private static final List<String> OWN = List.of("session title", "current state", "worklog");

  private SessionMemoryLayout() {}

  /** {@code text} read as the nine sections when it has the session memory's layout; empty when it does not. */
  static Optional<SummarySections> read(String text) {
    String[] lines = text.split("\r?\n|\r", -1);
    boolean[] inFence = MarkdownFence.closedFences(lines);
    Map<String, StringBuilder> bodies = new LinkedHashMap<>();
    StringBuilder preamble = new StringBuilder();
    StringBuilder current = preamble;
    boolean afterHeading = false;
    for (int l = 0; l < lines.length; l++) {
      String line = lines[l];
      var heading = inFence[l] ? null : HEADING.matcher(line);
      if (heading != null && heading.matches()) {
        String title = heading.group(1).toLowerCase(Locale.ROOT);
        current = bodies.computeIfAbsent(title, t -> new StringBuilder());
        afterHeading = true;
        continue;
      }
      if (afterHeading && TEMPLATE_LINE.matcher(line.strip()).matches()) {
        afterHeading = false;
        continue;
      }
      afterHeading &= line.isBlank();
      current.append(line).append('\n');
    }
    if (!bodies.keySet().containsAll(OWN)) {
      return Optional.empty();
    }
    EnumMap<SummarySection, String> sections = new EnumMap<>(SummarySection.class);
    List<String> rest = new ArrayList<>();
    if (!preamble.toString().isBlank()) {
      rest.add(preamble.toString().strip());
    }
    bodies.forEach((title, body) -> {
      String b = body.toString().strip();
      List<SummarySection> to = SECTIONS.get(title);
      if (to == null) {
        if (!b.isEmpty()) {
          rest.add(b);
        }
        return;
      }
      for (SummarySection s : to) {
        sections.merge(s, b, (old, add) -> old.isBlank() ? add : old + "\n\n" + add);
      }
    });
    return Optional.of(new SummarySections("", String.join("\n\n", rest).strip(), sections));
  }
}
