package io.engram.extract;

import io.engram.config.EngramSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The learnt correction model's lab: cross-validation on labelled sets of real corrections, and the training that
 * writes the weights this package ships ({@link CorrectionClassifier}).
 *
 * <p>Cross-validation splits every item by the same SHA-256 of its id as the sets' own split, into {@code folds}
 * parts; each part is scored by a model trained on the others, beside the keyword baseline and the rules alone, in
 * the same run, so the learnt model is judged on turns it never saw. A set is given by its folder (holding {@code
 * corrections.jsonl}).
 */
public final class CorrectionLab {
  // The lab's, not the product's: the L2 penalty the shipped weights were fitted with (bench corrections).
  static final double L2 = 1e-3;
  // Passes of the training over the labelled sets (with L2, the lab's own).
  static final int EPOCHS = 300;

  private CorrectionLab() {}

  /** A way to extract, by name, given the model trained for the fold. */
  private record Arm(String name, Function<CorrectionClassifier, Extractor> extractor) {}

  /** Prints, per arm, found / alternative / reason / false positives summed over the folds, then per fold. */
  public static void crossValidate(List<Path> sets, int folds, PrintStream out) throws IOException {
    List<CorrectionEvaluation.Item> items = read(sets);
    EngramSettings.Extraction rulesOnly = settings(1, 0);
    List<Arm> arms = new ArrayList<>();
    arms.add(new Arm("keyword baseline", c -> new KeywordBaselineExtractor()));
    arms.add(new Arm("rules", c -> new RuleBasedExtractor(rulesOnly, c)));
    for (double min : new double[] {0.3, 0.4, 0.5, 0.6}) {
      for (double keep : new double[] {0, 0.1, 0.2}) {
        arms.add(new Arm(String.format(Locale.ROOT, "rules kept >= %.1f + learnt >= %.1f", keep, min),
            c -> new RuleBasedExtractor(settings(min, keep), c)));
      }
    }
    Map<String, List<CorrectionEvaluation.Outcome>> all = new LinkedHashMap<>();
    Map<String, List<String>> perFold = new LinkedHashMap<>();
    for (int fold = 0; fold < folds; fold++) {
      int f = fold;
      Predicate<CorrectionEvaluation.Item> test = i -> i.tenth() % folds == f;
      CorrectionClassifier model = trainOn(items, test.negate());
      for (Arm arm : arms) {
        List<CorrectionEvaluation.Outcome> o = CorrectionEvaluation.outcomes(arm.extractor().apply(model), items, test);
        all.computeIfAbsent(arm.name(), k -> new ArrayList<>()).addAll(o);
        CorrectionEvaluation.Score s = CorrectionEvaluation.score(o);
        perFold.computeIfAbsent(arm.name(), k -> new ArrayList<>())
            .add(s.found() + "/" + s.corrections() + " fp " + s.falsePositives() + "/" + s.negatives());
      }
    }
    out.println("cross-validation, " + folds + " folds by hash, " + items.size() + " items");
    for (Arm arm : arms) {
      out.println(String.format(Locale.ROOT, "%-44s %s", arm.name(), CorrectionEvaluation.score(all.get(arm.name()))));
      for (String lang : List.of("en", "zh")) {
        List<CorrectionEvaluation.Outcome> part = all.get(arm.name()).stream()
            .filter(o -> o.item().lang().equals(lang)).toList();
        out.println(String.format(Locale.ROOT, "%-44s   %s: %s", "", lang, CorrectionEvaluation.score(part)));
      }
      out.println(String.format(Locale.ROOT, "%-44s   folds: %s", "", String.join(" | ", perFold.get(arm.name()))));
    }
  }

  /**
   * Prints, fold by fold, what the default build gets wrong on turns its model never saw: each correction it misses
   * and each negative turn it writes for, with the probability the fold's model gives the turn, for reading the errors
   * of the learnt model rather than those of a model that has seen the turn.
   */
  public static void misses(List<Path> sets, int folds, PrintStream out) throws IOException {
    List<CorrectionEvaluation.Item> items = read(sets);
    for (int fold = 0; fold < folds; fold++) {
      int f = fold;
      Predicate<CorrectionEvaluation.Item> test = i -> i.tenth() % folds == f;
      CorrectionClassifier model = trainOn(items, test.negate());
      Extractor build = new RuleBasedExtractor(EngramSettings.Extraction.DEFAULTS, model);
      for (CorrectionEvaluation.Outcome o : CorrectionEvaluation.outcomes(build, items, test)) {
        CorrectionEvaluation.Item i = o.item();
        boolean missed = i.expected().isPresent() && !o.found();
        if (missed || i.expected().isEmpty() && !o.written().isEmpty()) {
          out.println(String.format(Locale.ROOT, "%s fold %d p %.2f %s [%s] %s", missed ? "missed" : "written", f,
              model.probability(i.text(), previous(i)), i.id(), i.lang(), i.text().replace('\n', ' ')));
        }
      }
    }
  }

  /** Trains on every item of the sets and writes the weights to {@code target}. */
  public static void train(List<Path> sets, Path target) throws IOException {
    CorrectionClassifier model = trainOn(read(sets), i -> true);
    Files.createDirectories(target.toAbsolutePath().getParent());
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      model.write(w);
    }
    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Prints, per set, the final build (rules with the shipped model), the rules alone and the keyword baseline, in
   * one run, on every item of the set: for a set put aside whole.
   */
  public static void measure(List<Path> sets, PrintStream out) throws IOException {
    for (Path set : sets) {
      List<CorrectionEvaluation.Item> items = read(List.of(set));
      out.println("== " + set + " (" + items.size() + " items, whole)");
      List<String> langs = new ArrayList<>(items.stream().map(CorrectionEvaluation.Item::lang).distinct().sorted()
          .toList());
      langs.add("all");
      for (String lang : langs) {
        Predicate<CorrectionEvaluation.Item> in = i -> lang.equals("all") || i.lang().equals(lang);
        out.println(lang + " final:    " + CorrectionEvaluation.score(
            CorrectionEvaluation.outcomes(new RuleBasedExtractor(), items, in)));
        out.println(lang + " rules:    " + CorrectionEvaluation.score(CorrectionEvaluation.outcomes(
            new RuleBasedExtractor(settings(1, 0), CorrectionClassifier.shipped()), items, in)));
        out.println(lang + " baseline: " + CorrectionEvaluation.score(
            CorrectionEvaluation.outcomes(new KeywordBaselineExtractor(), items, in)));
      }
    }
  }

  private static CorrectionClassifier trainOn(List<CorrectionEvaluation.Item> items,
      Predicate<CorrectionEvaluation.Item> part) {
    List<CorrectionClassifier.Example> examples = new ArrayList<>();
    for (CorrectionEvaluation.Item i : items) {
      if (part.test(i)) {
        examples.add(new CorrectionClassifier.Example(CorrectionClassifier.features(i.text(), previous(i)),
            i.expected().isPresent()));
      }
    }
    return CorrectionClassifier.train(examples, L2, EPOCHS);
  }

  private static Optional<String> previous(CorrectionEvaluation.Item i) {
    return i.previous().isBlank() ? Optional.empty() : Optional.of(i.previous());
  }

  private static EngramSettings.Extraction settings(double min, double keep) {
    return EngramSettings.Extraction.DEFAULTS.with("learntCorrectionMin", min).with("learntCorrectionKeep", keep);
  }

  private static List<CorrectionEvaluation.Item> read(List<Path> sets) throws IOException {
    List<CorrectionEvaluation.Item> items = new ArrayList<>();
    for (Path set : sets) {
      try (var in = Files.newBufferedReader(set.resolve("corrections.jsonl"), StandardCharsets.UTF_8)) {
        items.addAll(CorrectionEvaluation.read(in));
      }
    }
    return items;
  }
}
