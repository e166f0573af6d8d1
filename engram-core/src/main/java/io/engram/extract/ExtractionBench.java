package io.engram.extract;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints precision and recall of the offline extractor on a labelled set, per split, next to a
 * keyword baseline measured in the same run.
 *
 * <p>Usage: {@code java io.engram.extract.ExtractionBench labelled-turns.jsonl [--misses] [--transcripts DIR]};
 * with {@code --transcripts} the real examples are first replayed through {@link TranscriptTurns}
 * ({@link LabelledTranscripts}), as the extraction pass would see them.
 */
public final class ExtractionBench {
  private ExtractionBench() {}

  /** Entry point; the first argument is the labelled set. */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: ExtractionBench LABELLED.jsonl [--misses] [--transcripts DIR]");
      System.exit(2);
    }
    List<LabelledItem> items;
    try (var in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
      items = ExtractionEvaluation.read(in);
    }
    List<String> options = List.of(args).subList(1, args.length);
    int dir = options.indexOf("--transcripts");
    if (dir >= 0) {
      if (dir + 1 >= options.size()) {
        System.err.println("--transcripts needs a directory");
        System.exit(2);
      }
      items = LabelledTranscripts.throughTranscriptTurns(items, Path.of(options.get(dir + 1)));
    }
    print(items, options.contains("--misses"), System.out);
  }

  /** Writes the table (and, with {@code misses}, every false positive and missed label) to {@code out}. */
  public static void print(List<LabelledItem> items, boolean misses, PrintStream out) {
    Extractor rules = new RuleBasedExtractor();
    Extractor baseline = new KeywordBaselineExtractor();
    out.printf("%-12s %-9s %5s %5s %5s %4s %9s %7s %5s%n", "split", "extractor", "items", "cand", "labels", "FP", "precision", "recall", "F1");
    for (String split : List.of("dev", "dev:hand", "dev:real", "heldout", "heldout:hand", "heldout:real", "all")) {
      ExtractionEvaluation.Score r = score(rules, items, split, misses, out);
      ExtractionEvaluation.Score b = score(baseline, items, split, false, out);
      row(out, split, "rules", r);
      row(out, split, "baseline", b);
      if (r.labels() > 0 && b.f1() > 0) {
        out.printf("%-12s F1 ratio rules/baseline: %.2f%n", split, r.f1() / b.f1());
      }
    }
  }

  private static ExtractionEvaluation.Score score(
      Extractor e, List<LabelledItem> items, String split, boolean misses, PrintStream out) {
    ExtractionEvaluation.Report report =
        ExtractionEvaluation.evaluate(e, items, i -> selects(split, i));
    if (misses && !split.equals("all") && !split.contains(":")) {
      for (ExtractionEvaluation.ItemResult r : report.items()) {
        r.falsePositives().forEach(c -> out.printf("  FP %s %s %s | %s%n", r.item().id(), c.type().label(), c.name(), c.description()));
        r.missed().forEach(l -> out.printf("  FN %s %s '%s'%n", r.item().id(), l.type().label(), l.phrase()));
      }
    }
    return report.score();
  }

  /** {@code all}, a split ({@code dev}), or a split and origin ({@code dev:real}, {@code heldout:hand}). */
  static boolean selects(String selector, LabelledItem i) {
    if (selector.equals("all")) {
      return true;
    }
    String[] parts = selector.split(":");
    boolean real = i.origin().startsWith("transcript:");
    return i.split().equals(parts[0]) && (parts.length == 1 || parts[1].equals(real ? "real" : "hand"));
  }

  private static void row(PrintStream out, String split, String name, ExtractionEvaluation.Score s) {
    out.printf(
        "%-12s %-9s %5d %5d %5d %4d %9.3f %7.3f %5.3f%n",
        split, name, s.items(), s.candidates(), s.labels(), s.candidates() - s.matched(), s.precision(), s.recall(), s.f1());
  }
}
