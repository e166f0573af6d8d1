package io.engram.bench.cli;

import io.engram.bench.cli.CompactionBench.PartTotals;
import io.engram.bench.cli.CompactionBench.Row;
import io.engram.compaction.ClaudeCodeComparison;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How {@code bench compaction} prints its result for a person: a row a compaction, then the totals of each part. */
final class CompactionBenchTable {
  private CompactionBenchTable() {}

  /** Every compaction's row as a Markdown table, then each part's totals. */
  static void print(PrintWriter out, List<Row> rows, List<PartTotals> totals) {
    out.println("| id | part | messages | Engram chars | CC chars | next step E / CC | files kept E / CC"
        + " | task named E / CC | score E / CC | CC's SC KP CC CR | keyword dump | user msgs | other session"
        + " | Engram ladder |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (Row r : rows) {
      if (r.empty()) {
        out.printf(Locale.ROOT, "| %s | %s | not compared: the transcript holds no message |%n", r.id(), r.part());
        continue;
      }
      if (r.noSummary().isPresent()) {
        out.printf(Locale.ROOT, "| %s | %s | not compared: Claude Code handed on no summary (%s) |%n", r.id(),
            r.part(), r.noSummary().get().isEmpty() ? "its framing alone" : r.noSummary().get());
        continue;
      }
      if (r.figures().isEmpty()) {
        out.printf(Locale.ROOT, "| %s | %s | FAILED: %s |%n", r.id(), r.part(), r.failure().orElse(""));
        continue;
      }
      ClaudeCodeComparison.Figures f = r.figures().get();
      out.printf(Locale.ROOT, "| %s | %s | %d | %,d | %,d | %s / %s | %d/%d / %d/%d | %s / %s | %.1f / %.1f | %s"
              + " | %.1f | %.1f | %s | %s |%n", r.id(), r.part(), f.messages(), f.engram().chars(), f.claude().chars(),
          yes(f.engram().nextStep()), yes(f.claude().nextStep()), f.engram().filesKept(), f.engram().filesAfter(),
          f.claude().filesKept(), f.claude().filesAfter(), yes(f.engram().taskNamed()), yes(f.claude().taskNamed()),
          f.engram().score(), f.claude().score(), String.join(" ", f.claude().parts().stream()
              .map(x -> String.format(Locale.ROOT, "%.0f", x)).toList()),
          f.baselines().keywordDump(), f.baselines().userMessagesAlone(),
          f.baselines().otherSession().map(o -> String.format(Locale.ROOT, "%.1f", o)).orElse("-"),
          String.join(" ", f.engram().ladder()));
    }
    for (PartTotals t : totals) {
      out.println();
      out.printf(Locale.ROOT, "## %s: %d compactions, %d failed, %d with no message to compare, %d where Claude Code"
          + " handed on no summary%n", t.part(), t.compactions(), t.failures(), t.empty(), t.noSummary());
      out.printf(Locale.ROOT, "next step names what the agent did next: Engram %s, Claude Code %s%n",
          t.nextStepEngram(), t.nextStepClaude());
      out.printf(Locale.ROOT, "files touched next, kept: Engram %s, Claude Code %s%n", t.filesKeptEngram(),
          t.filesKeptClaude());
      out.printf(Locale.ROOT, "last request named in 7-9: Engram %s, Claude Code %s%n", t.taskNamedEngram(),
          t.taskNamedClaude());
      out.printf(Locale.ROOT, "size Engram / Claude Code: %.2fx overall, median %.2fx%n", t.sizeRatio(),
          t.medianSizeRatio());
      out.printf(Locale.ROOT, "errors kept: Engram %.0f%%, Claude Code %.0f%%%n", t.errorsKeptEngram(),
          t.errorsKeptClaude());
      out.printf(Locale.ROOT, "score: Engram mean %.1f, Claude Code mean %.1f, Claude Code >= 80: %s%n",
          t.meanScoreEngram(), t.meanScoreClaude(), t.claudeAtLeast80());
      out.printf(Locale.ROOT, "baselines: keyword dump max %.1f, user messages alone max %.1f, another session's"
          + " summary max %.1f; all three < 70: %s%n", t.maxKeywordDump(), t.maxUserMessagesAlone(),
          t.maxOtherSession(), t.baselinesBelow70());
    }
  }

  /** The next step of each summary of one compaction, for reading them side by side. */
  static void show(PrintWriter out, Row row) {
    row.figures().ifPresent(f -> {
      out.println("### " + row.id());
      out.println("Engram next step (" + yes(f.engram().nextStep()) + " " + f.engram().nextStepWhy() + "):");
      out.println(f.engram().nextStepText());
      out.println("Claude Code next step (" + yes(f.claude().nextStep()) + " " + f.claude().nextStepWhy() + "):");
      out.println(f.claude().nextStepText());
      out.println();
      out.flush();
    });
  }

  private static String yes(Optional<Boolean> b) {
    return b.map(v -> v ? "yes" : "no").orElse("-");
  }
}
