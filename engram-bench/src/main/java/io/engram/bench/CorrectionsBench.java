package io.engram.bench;

import io.engram.extract.CorrectionLab;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The learnt correction model's lab, on labelled sets of real corrections given by folder ({@code
 * corrections.jsonl} in each; folders separated as on a class path).
 *
 * <p>Usage: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.CorrectionsBench --sets DIRS
 * (--folds N [--misses] | --train FILE | --measure)}. {@code --folds} cross-validates by hash: each part scored by a
 * model trained on the others, beside the keyword baseline and the rules alone ({@link CorrectionLab#crossValidate});
 * with {@code --misses} it lists instead what the default build misses or writes wrongly on each fold, with the fold
 * model's probability ({@link CorrectionLab#misses}); {@code
 * --train} fits the model on every item and writes its weights (the resource engram-core ships, {@code
 * io/engram/extract/correction-classifier.tsv}); {@code --measure} scores the shipped build, the rules alone and the
 * baseline on sets put aside whole.
 */
public final class CorrectionsBench {
  private static final String USAGE =
      "usage: CorrectionsBench --sets DIRS (--folds N [--misses] | --train FILE | --measure)";

  private CorrectionsBench() {}

  /** Entry point. */
  public static void main(String[] args) throws IOException {
    int status = run(List.of(args), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the lab; 0 when it did its work, 2 on a usage error (said on {@code err}). */
  static int run(List<String> args, PrintStream out, PrintStream err) throws IOException {
    List<Path> sets = new ArrayList<>();
    Optional<Integer> folds = Optional.empty();
    Optional<Path> train = Optional.empty();
    boolean measure = false;
    boolean misses = false;
    List<String> rest = new ArrayList<>(args);
    while (!rest.isEmpty()) {
      String a = rest.remove(0);
      if (a.equals("--measure") || a.equals("--misses")) {
        measure |= a.equals("--measure");
        misses |= a.equals("--misses");
        continue;
      }
      if (!List.of("--sets", "--folds", "--train").contains(a) || rest.isEmpty()) {
        err.println((rest.isEmpty() ? a + " needs a value" : "unknown option " + a) + "\n" + USAGE);
        return 2;
      }
      String v = rest.remove(0);
      switch (a) {
        case "--sets" -> {
          for (String s : v.split(File.pathSeparator)) {
            sets.add(Path.of(s));
          }
        }
        case "--folds" -> {
          try {
            folds = Optional.of(Integer.parseInt(v));
          } catch (NumberFormatException e) {
            err.println("--folds takes a whole number, not " + v + "\n" + USAGE);
            return 2;
          }
        }
        default -> train = Optional.of(Path.of(v));
      }
    }
    if (sets.isEmpty() || (folds.isEmpty() && train.isEmpty() && !measure) || folds.filter(n -> n < 2).isPresent()
        || misses && folds.isEmpty()) {
      err.println(USAGE);
      return 2;
    }
    if (folds.isPresent() && misses) {
      CorrectionLab.misses(sets, folds.get(), out);
    } else if (folds.isPresent()) {
      CorrectionLab.crossValidate(sets, folds.get(), out);
    }
    if (train.isPresent()) {
      CorrectionLab.train(sets, train.get());
      out.println("weights written to " + train.get());
    }
    if (measure) {
      CorrectionLab.measure(sets, out);
    }
    return 0;
  }
}
