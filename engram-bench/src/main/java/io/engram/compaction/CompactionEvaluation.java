package io.engram.compaction;

import io.engram.transcript.Role;
import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grades a compaction summary against a {@link CompactionLabel}: its Pending Tasks, the lead of its next
 * step, and the causes in its Errors section (precision and recall, like the extraction set's evaluation).
 *
 * <ul>
 *   <li>Pending Tasks: each top-level item of the section is matched to the open tasks; an item matching none
 *       (nor an optional task) is a false positive.
 *   <li>Next step: the lead (first sentence of the section) is still to do when it matches the label's
 *       primary or other actions to do and no action already done; it is the next step when it matches the
 *       primary and no action already done.
 *   <li>Errors: each top-level item (with its sub-lines) is matched to the labelled errors; it gives a cause
 *       when it also matches that error's cause keys. Items matching only ignored errors, and a statement
 *       that nothing failed, are not counted.
 * </ul>
 */
public final class CompactionEvaluation {
  private static final Pattern MARKER = Pattern.compile("^(\\s*)(?:[-*•+]|\\d{1,2}[.)])\\s+");
  private static final Pattern NO_ERROR = Pattern.compile("(?i)^no (?:\\w+ ){0,4}(?:failed|errors?|failures?)\\b");
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z(`*\"])|\\n");

  private CompactionEvaluation() {}

  /** One summary's grade. */
  public record Grade(String transcript, Pending pending, Next next, ErrorCauses errors) {}

  /**
   * Pending Tasks.
   *
   * @param items items counted (not matching only an optional task)
   * @param itemsMatching items naming an open task
   * @param tasks open tasks labelled
   * @param tasksFound open tasks named by some item
   * @param inProgressListed whether the task in progress is named (true when none is labelled)
   * @param falsePositives the items naming no open task
   * @param missed the open tasks no item names
   */
  public record Pending(int items, int itemsMatching, int tasks, int tasksFound, boolean inProgressListed,
      List<String> falsePositives, List<String> missed) {}

  /**
   * The next step.
   *
   * @param lead the section's first sentence, or "" when there is no section
   * @param stated whether the summary states one
   * @param labelled whether the label has a primary next step
   * @param stillToDo whether the lead is an action still to do
   * @param right whether the lead is the labelled next step
   */
  public record Next(String lead, boolean stated, boolean labelled, boolean stillToDo, boolean right) {}

  /**
   * Errors with causes.
   *
   * @param items items counted
   * @param itemsWithCause items that name a labelled error and give its cause
   * @param errors labelled errors
   * @param found labelled errors some item names
   * @param causes labelled errors whose cause some naming item gives
   * @param fixes labelled errors whose fix (or, unresolved, that it is open) some naming item gives
   * @param missedCauses the labelled errors whose cause no item gives
   * @param itemsWithoutCause the counted items that name no labelled error or not its cause
   */
  public record ErrorCauses(int items, int itemsWithCause, int errors, int found, int causes, int fixes,
      List<String> missedCauses, List<String> itemsWithoutCause) {}

  /** Sums of grades, with precision and recall of each part. */
  public record Totals(int summaries, int pendingItems, int pendingMatching, int openTasks, int openFound,
      int inProgressListed, int nextStated, int nextToDo, int nextLabelled, int nextRight, int errorItems,
      int errorItemsWithCause, int errors, int causes, int fixes) {
    public double pendingPrecision() {
      return ratio(pendingMatching, pendingItems);
    }

    public double pendingRecall() {
      return ratio(openFound, openTasks);
    }

    public double nextPrecision() {
      return ratio(nextToDo, nextStated);
    }

    public double nextRecall() {
      return ratio(nextRight, nextLabelled);
    }

    public double causePrecision() {
      return ratio(errorItemsWithCause, errorItems);
    }

    public double causeRecall() {
      return ratio(causes, errors);
    }

    public double fixRecall() {
      return ratio(fixes, errors);
    }

    private static double ratio(int a, int b) {
      return b == 0 ? 1.0 : (double) a / b;
    }
  }

  /** Grades {@code summary} (any text; parsed into sections) against {@code label}. */
  public static Grade grade(CompactionLabel label, String summary) {
    SummarySections s = SummarySections.parse(summary);
    return new Grade(label.transcript(), pending(label, s.get(SummarySection.PENDING_TASKS).orElse("")),
        next(label, s.get(SummarySection.NEXT_STEP).orElse("")), errors(label,
        s.get(SummarySection.ERRORS_AND_FIXES).orElse("")));
  }

  /** The sums of {@code grades}. */
  public static Totals total(List<Grade> grades) {
    int[] t = new int[15];
    for (Grade g : grades) {
      t[0]++;
      t[1] += g.pending().items();
      t[2] += g.pending().itemsMatching();
      t[3] += g.pending().tasks();
      t[4] += g.pending().tasksFound();
      t[5] += g.pending().inProgressListed() ? 1 : 0;
      t[6] += g.next().stated() ? 1 : 0;
      t[7] += g.next().stated() && g.next().stillToDo() ? 1 : 0;
      t[8] += g.next().labelled() ? 1 : 0;
      t[9] += g.next().labelled() && g.next().right() ? 1 : 0;
      t[10] += g.errors().items();
      t[11] += g.errors().itemsWithCause();
      t[12] += g.errors().errors();
      t[13] += g.errors().causes();
      t[14] += g.errors().fixes();
    }
    return new Totals(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13], t[14]);
  }

  private static Pending pending(CompactionLabel label, String body) {
    List<String> items = items(body);
    List<String> falsePositives = new ArrayList<>();
    int counted = 0;
    int matching = 0;
    for (String item : items) {
      boolean open = label.openTasks().stream().anyMatch(t -> t.keys().matches(item));
      if (open) {
        matching++;
        counted++;
      } else if (label.optionalTasks().stream().noneMatch(t -> t.keys().matches(item))) {
        counted++;
        falsePositives.add(item);
      }
    }
    List<String> missed = new ArrayList<>();
    int found = 0;
    for (CompactionLabel.Task t : label.openTasks()) {
      if (items.stream().anyMatch(t.keys()::matches)) {
        found++;
      } else {
        missed.add(t.task());
      }
    }
    boolean inProgress = label.inProgress().map(t -> items.stream().anyMatch(t.keys()::matches)).orElse(true);
    return new Pending(counted, matching, label.openTasks().size(), found, inProgress, falsePositives, missed);
  }

  private static Next next(CompactionLabel label, String body) {
    String lead = lead(body);
    CompactionLabel.NextStep n = label.nextStep();
    boolean done = n.alreadyDone().matches(lead);
    boolean primary = n.primary().matches(lead);
    boolean todo = primary || n.alsoToDo().matches(lead);
    return new Next(lead, !lead.isBlank(), !n.primary().alternatives().isEmpty(), todo && !done, primary && !done);
  }

  private static ErrorCauses errors(CompactionLabel label, String body) {
    List<String> items = items(body);
    int counted = 0;
    int withCause = 0;
    List<String> without = new ArrayList<>();
    for (String item : items) {
      List<CompactionLabel.LabelledError> named = label.errors().stream().filter(e -> e.keys().matches(item)).toList();
      if (named.isEmpty() && (NO_ERROR.matcher(item).find()
          || label.ignoredErrors().stream().anyMatch(t -> t.keys().matches(item)))) {
        continue;
      }
      counted++;
      if (named.stream().anyMatch(e -> e.causeKeys().matches(item))) {
        withCause++;
      } else {
        without.add(item);
      }
    }
    int found = 0;
    int causes = 0;
    int fixes = 0;
    List<String> missed = new ArrayList<>();
    for (CompactionLabel.LabelledError e : label.errors()) {
      List<String> naming = items.stream().filter(e.keys()::matches).toList();
      found += naming.isEmpty() ? 0 : 1;
      boolean cause = naming.stream().anyMatch(e.causeKeys()::matches);
      causes += cause ? 1 : 0;
      fixes += naming.stream().anyMatch(e.fixKeys()::matches) ? 1 : 0;
      if (!cause) {
        missed.add(e.error());
      }
    }
    return new ErrorCauses(counted, withCause, label.errors().size(), found, causes, fixes, missed, without);
  }

  /**
   * The top-level items of a section: list items at the shallowest indentation, each with the lines under
   * it; a section without list items gives one item per non-blank line.
   */
  static List<String> items(String body) {
    List<String> lines = new ArrayList<>(body.lines().toList());
    int top = Integer.MAX_VALUE;
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      Matcher m = MARKER.matcher(line);
      if (m.find()) {
        top = Math.min(top, m.group(1).length());
      }
    }
    // A parsed section is stripped, so its first line lost its indentation: it sits at the top level.
    if (!lines.isEmpty() && MARKER.matcher(lines.get(0)).find()) {
      top = top == Integer.MAX_VALUE ? 0 : top;
      lines.set(0, " ".repeat(top) + lines.get(0).stripLeading());
    }
    List<String> items = new ArrayList<>();
    if (top == Integer.MAX_VALUE) {
      lines.stream().map(String::strip).filter(l -> !l.isEmpty()).forEach(items::add);
      return items;
    }
    StringBuilder current = null;
    for (String line : lines) {
      Matcher m = MARKER.matcher(line);
      if (m.find() && m.group(1).length() == top) {
        if (current != null) {
          items.add(current.toString().strip());
        }
        current = new StringBuilder(line.substring(m.end()));
      } else if (current != null) {
        current.append('\n').append(line);
      }
    }
    if (current != null) {
      items.add(current.toString().strip());
    }
    return items;
  }

  /**
   * Claude Code's own summary of the part before the first compaction of {@code t}: the last text of its
   * compaction agent ({@code agent-acompact-*} beside the transcript), else the summary record that opened the
   * second segment; empty when the transcript never compacted.
   */
  public static Optional<String> claudeCodeSummary(Transcript t) {
    for (Transcript sub : t.subagents()) {
      if (sub.agentId().orElse("").contains("acompact")) {
        List<TranscriptMessage> ms = sub.messages();
        for (int i = ms.size() - 1; i >= 0; i--) {
          if (ms.get(i).role() == Role.ASSISTANT && !ms.get(i).text().isBlank()) {
            return Optional.of(ms.get(i).text());
          }
        }
      }
    }
    List<Segment> segments = t.segments();
    return segments.size() < 2 ? Optional.empty()
        : segments.get(1).summary().map(TranscriptMessage::text);
  }

  /** The first sentence of the section's first non-blank line, list marker and emphasis removed. */
  static String lead(String body) {
    String first = body.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    first = MARKER.matcher(first).replaceFirst("").replace("**", "");
    String[] sentences = SENTENCE_END.split(first, 2);
    return sentences.length == 0 ? "" : sentences[0].strip();
  }
}
