package io.engram.compaction;

import java.util.ArrayList;
import java.util.List;

/**
 * Engram's compaction guarantee: every user message, the last request and every
 * open todo survive word for word. {@link #enforce} checks a summary and re-adds what a model dropped
 * or reworded, in the section where it belongs.
 *
 * <p>"Word for word" is checked case-sensitively with runs of whitespace collapsed (a model may
 * re-indent a quote), anywhere in the summary (a text quoted once need not be repeated). Missing user
 * messages go to 6 All user messages, the last request to 8 Current Work, open todos to 7 Pending Tasks,
 * each as a list under a line that says it was re-added; a multi-line text keeps its lines, indented under
 * its bullet.
 */
final class VerbatimGuarantee {

  private VerbatimGuarantee() {}

  /**
   * What {@link #enforce} produced.
   *
   * @param sections the summary with everything guaranteed present
   * @param readded the texts that had to be re-added, in the order added
   */
  public record Result(SummarySections sections, List<String> readded) {
    public Result {
      readded = List.copyOf(readded);
    }
  }

  /**
   * Ensures {@code userMessages}, {@code lastRequest} (blank: none) and {@code openTodos} appear
   * verbatim in {@code summary}.
   */
  public static Result enforce(
      SummarySections summary, List<String> userMessages, String lastRequest, List<String> openTodos) {
    List<String> readded = new ArrayList<>();
    SummarySections out = summary;
    out = addMissing(out, SummarySection.USER_MESSAGES, userMessages, "User messages re-added verbatim:", readded);
    if (lastRequest != null && !lastRequest.isBlank()) {
      out = addMissing(
          out, SummarySection.CURRENT_WORK, List.of(lastRequest), "The last request, verbatim:", readded);
    }
    out = addMissing(out, SummarySection.PENDING_TASKS, openTodos, "Open todos re-added verbatim:", readded);
    return new Result(out, readded);
  }

  /** Adds the texts found nowhere in the summary. */
  private static SummarySections addMissing(
      SummarySections s, SummarySection section, List<String> texts, String label, List<String> readded) {
    String all = collapse(s.preamble() + "\n" + String.join("\n", s.sections().values()));
    List<String> missing = texts.stream().filter(t -> !t.isBlank() && !all.contains(collapse(t))).toList();
    return add(s, section, missing, label, readded);
  }

  private static SummarySections add(
      SummarySections s, SummarySection section, List<String> missing, String label, List<String> readded) {
    List<String> distinct = missing.stream().map(String::strip).distinct().toList();
    if (distinct.isEmpty()) {
      return s;
    }
    StringBuilder block = new StringBuilder(label);
    for (String text : distinct) {
      block.append("\n- ").append(text.replace("\n", "\n  "));
      readded.add(text);
    }
    return s.withAppended(section, block.toString());
  }

  private static String collapse(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
