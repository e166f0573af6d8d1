package io.engram.bench.cli;

import io.engram.extract.CorrectionLab;
import io.engram.extract.CorrectionScore;
import io.engram.extract.CorrectionSweep;
import io.engram.extract.ScriptThresholds;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How {@code bench corrections} prints its results for a person (the cross-validation's arms, a sweep's rows and the
 * thresholds chosen on the other folds, a set measured whole); {@code --json} prints the same records instead.
 */
final class CorrectionsReport {
  private CorrectionsReport() {}

  static void print(PrintWriter out, CorrectionsBench.CrossValidationReport report) {
    CorrectionLab.CrossValidation cv = report.crossValidation();
    out.println("cross-validation, " + cv.folds() + " folds by " + cv.foldBy() + ", " + cv.items() + " items");
    for (CorrectionLab.ArmScore arm : cv.arms()) {
      out.println(String.format(Locale.ROOT, "%-36s %s", arm.name(), arm.total()));
      for (Map.Entry<String, CorrectionScore> lang : arm.byLanguage().entrySet()) {
        out.println(String.format(Locale.ROOT, "%-36s   %s: %s", "", lang.getKey(), lang.getValue()));
      }
      for (Map.Entry<String, CorrectionScore> set : arm.bySet().entrySet()) {
        out.println(String.format(Locale.ROOT, "%-36s   set %s: %s", "", set.getKey(), set.getValue()));
      }
      out.println(String.format(Locale.ROOT, "%-36s   folds: %s", "", String.join(" | ", arm.perFold().stream()
          .map(s -> s.found() + "/" + s.corrections() + " fp " + s.negativesWritten() + "/" + s.negatives())
          .toList())));
    }
    out.println("build against the keyword baseline, same folds: " + report.buildAgainstBaseline());
  }

  static void print(PrintWriter out, CorrectionSweep.Sweep sweep) {
    out.println("sweep, " + sweep.folds() + " folds by " + sweep.foldBy() + ", " + sweep.items() + " items;"
        + " per language: found/corrections, negative turns written to (per 100)");
    for (CorrectionSweep.Row row : Stream.concat(Stream.of(sweep.baseline(), sweep.rules()), sweep.rows().stream())
        .toList()) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s min %.1f keep %.1f over %.1f  all %s",
          row.variant(), row.min(), row.keep(), row.over(), brief(row.total())));
      row.byLanguage().forEach((lang, s) -> line.append("  ").append(lang).append(' ').append(brief(s)));
      out.println(line);
      if (row.min() == 0.4 && row.keep() == 0.1 && row.over() == 1 || row.min() == 1) {
        StringBuilder sets = new StringBuilder("    sets:");
        row.bySet().forEach((set, s) -> sets.append("  ").append(set).append(' ').append(brief(s)));
        out.println(sets);
      }
    }
    for (ScriptThresholds.Chosen c : sweep.chosen()) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s chosen per script   all %s",
          c.variant(), brief(c.total())));
      c.byLanguage().forEach((lang, s) -> line.append("  ").append(lang).append(' ').append(brief(s)));
      out.println(line);
      StringBuilder sets = new StringBuilder("    sets:");
      c.bySet().forEach((set, s) -> sets.append("  ").append(set).append(' ').append(brief(s)));
      out.println(sets);
      for (int fold = 0; fold < c.perFold().size(); fold++) {
        out.println("    fold " + fold + " chosen on the others: " + choices(c.perFold().get(fold)));
      }
      out.println("    chosen on every turn: " + choices(c.onAll()));
    }
  }

  private static String choices(List<ScriptThresholds.Choice> choices) {
    return String.join(", ", choices.stream().map(c -> String.format(Locale.ROOT,
        "%s min %.1f keep %.1f over %.1f (baseline rate %.2f; %s)", c.script(), c.min(), c.keep(), c.over(),
        c.baselineRate(),
        brief(c.score()))).toList());
  }

  private static String brief(CorrectionScore s) {
    return String.format(Locale.ROOT, "%d/%d %d/%d a%d/%d r%d/%d (%.1f)", s.found(), s.corrections(),
        s.negativesWritten(), s.negatives(), s.alternativeKept(), s.withAlternative(), s.reasonKept(), s.withReason(),
        s.falsePositivesPer100());
  }

  static void print(PrintWriter out, List<CorrectionsBench.MeasureRow> rows) {
    Path set = null;
    for (CorrectionsBench.MeasureRow row : rows) {
      CorrectionLab.Measured m = row.measured();
      if (!m.set().equals(set)) {
        set = m.set();
        out.println("== " + set + ", every item (set aside whole)");
      }
      out.println(m.lang() + " (" + m.items() + " items) build:    " + m.build());
      out.println(m.lang() + " rules:    " + m.rules());
      out.println(m.lang() + " baseline: " + m.baseline());
      out.println(m.lang() + " build against the baseline: " + row.buildAgainstBaseline());
    }
  }
}
