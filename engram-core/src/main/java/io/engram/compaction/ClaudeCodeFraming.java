package io.engram.compaction;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What Claude Code writes around a summary when it hands it to the session that goes on, taken off before the
 * summary is read: the line before it ("This session is being continued from a previous conversation that ran out of
 * context. ..."), the lines after it ("If you need specific details from before compaction ... read the full
 * transcript at: ....jsonl", "Please continue the conversation from where we left it off without asking the user any
 * further questions. ..." and its later wordings), and its rendering of the model's tagged answer: the {@code
 * <analysis>} block as a line "Analysis:" and the text up to a line "Summary:", the {@code <summary>} block as the
 * text after it. Read as a summary, the lines after it would be part of the last section (a next step that asks to go
 * on without questions, naming a transcript file the session never held), and the analysis, often numbered by
 * subject ("7. **Remaining tasks**: ..."), would take the headings of the real sections. The analysis is handed on
 * with the summary, so it is read apart, not dropped. An {@code <analysis>} tag the model opened and never closed
 * is rendered as it is, then "Summary:" and the summary: the analysis ends at that line, as the rendered one does
 * (read as a tag, it would take the whole summary with it).
 *
 * <p>Only whole lines at the very start and end are taken, so a summary that quotes one of them keeps it.
 */
final class ClaudeCodeFraming {
  private static final Pattern BEFORE = Pattern.compile(
      "This session is being continued from a previous conversation that ran out of context\\b.*");
  private static final List<Pattern> AFTER = List.of(
      Pattern.compile("(?i)If you need specific details from before compaction\\b.*"),
      Pattern.compile("(?i)(?:Please )?continue the conversation from where (?:we|it) left (?:it )?off"
          + " without asking the user any further questions\\b.*"));
  private static final String ANALYSIS = "Analysis:";
  private static final String SUMMARY = "Summary:";
  private static final String OPEN_TAG = "<analysis>";
  private static final String CLOSE_TAG = "</analysis>";
  /**
   * The harness's own words where a summary should be, when the model could not write one: a usage limit reached
   * ("You've hit your limit · resets 2am"), an API error, a prompt too long to summarise, a login or billing refusal.
   */
  private static final Pattern HARNESS_ERROR = Pattern.compile("(?i)^(?:You[’']ve hit your (?:usage |session )?limit"
      + "|Claude AI usage limit reached|API Error\\b|Prompt is too long|Conversation too long"
      + "|Credit balance is too low|Invalid API key|OAuth token has expired|Error during compaction"
      + "|Failed to generate (?:a )?(?:conversation )?summary)");

  private ClaudeCodeFraming() {}

  /**
   * {@code text} without Claude Code's framing.
   *
   * @param analysis the rendered analysis (the text between a first line "Analysis:" and the first line "Summary:"
   *     after it), or empty when the summary did not come in that form
   * @param summary the rest: the summary itself
   */
  record Unframed(String analysis, String summary) {}

  static Unframed unframe(String text) {
    List<String> lines = Arrays.asList(text.split("\r?\n|\r", -1));
    int from = 0;
    int to = lines.size();
    while (from < to && lines.get(from).isBlank()) {
      from++;
    }
    if (from < to && BEFORE.matcher(lines.get(from).strip()).matches()) {
      from++;
    }
    while (to > from && (lines.get(to - 1).isBlank() || appended(lines.get(to - 1)))) {
      to--;
    }
    int first = from;
    while (first < to && lines.get(first).isBlank()) {
      first++;
    }
    // The analysis rendered, or its tag left open: a model that never closed <analysis> went on to "Summary:" and the
    // summary itself, which the tag would otherwise swallow whole.
    boolean rendered = first < to && lines.get(first).strip().equals(ANALYSIS);
    boolean leftOpen = first < to && lines.get(first).strip().equals(OPEN_TAG)
        && lines.subList(first, to).stream().noneMatch(l -> l.contains(CLOSE_TAG));
    if (rendered || leftOpen) {
      for (int l = first + 1; l < to; l++) {
        if (lines.get(l).strip().equals(SUMMARY)) {
          return new Unframed(String.join("\n", lines.subList(first + 1, l)),
              String.join("\n", lines.subList(l + 1, to)));
        }
      }
    }
    return new Unframed("", String.join("\n", lines.subList(from, to)));
  }

  /**
   * Whether {@code handedOn}, what Claude Code handed on as a compaction's summary, holds no summary at all: only its
   * framing, or in its place the harness's words for why there is none (the compaction hit a usage limit, the API
   * failed), with no section of a summary. Such a compaction has nothing to score; the words, or "" for framing
   * alone, are what it handed on.
   */
  static Optional<String> noSummary(String handedOn) {
    Unframed unframed = unframe(handedOn);
    List<String> lines = unframed.summary().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    if (!unframed.analysis().isBlank()) {
      return Optional.empty();
    }
    if (lines.isEmpty()) {
      return Optional.of("");
    }
    return HARNESS_ERROR.matcher(lines.get(0)).find() && SummarySections.parse(handedOn).sections().isEmpty()
        ? Optional.of(lines.get(0)) : Optional.empty();
  }

  private static boolean appended(String line) {
    return AFTER.stream().anyMatch(p -> p.matcher(line.strip()).matches());
  }
}
