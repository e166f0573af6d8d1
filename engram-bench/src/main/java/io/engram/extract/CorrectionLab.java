package io.engram.extract;

import io.engram.config.ExtractionSettings;
import java.io.IOException;
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
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntConsumer;
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
  // The lab's, not the product's: the L2 penalty the shipped weights were fitted with (bench corrections). 3e-3 found
  // more Chinese corrections than 1e-3 at the same wrong turns on folds by person, with Han trigrams and the script.
  static final double L2 = 3e-3;
  // Passes of the training over the labelled sets (with L2, the lab's own).
  static final int EPOCHS = 300;

  private CorrectionLab() {}

  /**
   * A way to extract, by name, given the model trained for the fold ({@code fromShipped}: the one refitted from the
   * shipped weights rather than from nothing).
   */
  private record Arm(String name, Function<CorrectionClassifier, Extractor> extractor, boolean fromShipped) {
    Arm(String name, Function<CorrectionClassifier, Extractor> extractor) {
      this(name, extractor, false);
    }
  }

  /**
   * One way to extract, scored on every fold: {@code total} over all of them, {@code byLanguage} over each language's
   * items, {@code bySet} over each set's items of each language (keyed "set/lang", the set by its folder's name: a
   * feature that loses to the baseline on one set is seen there), {@code perFold} fold by fold.
   */
  public record ArmScore(String name, CorrectionScore total, Map<String, CorrectionScore> byLanguage,
      Map<String, CorrectionScore> bySet, List<CorrectionScore> perFold) {}

  /**
   * A cross-validation's figures: the keyword baseline, the rules alone and the default build (rules with the fold's
   * model at the settings' thresholds), then, when asked, the rules with the model at other thresholds.
   */
  public record CrossValidation(int folds, String foldBy, int items, List<ArmScore> arms) {}

  /**
   * A turn the default build got wrong on a fold whose model never saw it: a correction {@code missed}, or a negative
   * turn it wrote for; {@code probability} is what the fold's model gives the turn.
   */
  public record Miss(boolean missed, int fold, double probability, String id, String lang, String text) {}

  /** The shipped build, the rules alone and the keyword baseline on one language of a set (or "all"), in one run. */
  public record Measured(Path set, String lang, int items, CorrectionScore build, CorrectionScore rules,
      CorrectionScore baseline) {}

  /** The name of the default build's arm in a cross-validation. */
  public static final String BUILD = "rules + learnt, defaults";

  /** The name of the arm of the default build with the shipped weights, whatever the fold. */
  public static final String SHIPPED = "rules + shipped weights, defaults";

  /** The name of the arm whose fold models are refitted from the shipped weights (pulled towards them). */
  public static final String FROM_SHIPPED = "rules + learnt refitted from the shipped weights";

  /** The name of the keyword baseline's arm in a cross-validation. */
  public static final String BASELINE = "keyword baseline";

  /**
   * Scores, per arm, what is found, kept whole and written wrongly, summed over the folds and per fold; with {@code
   * thresholds}, also the rules with the model at each other pair of thresholds (the tuning grid); {@code foldDone}
   * hears each fold's number as it finishes.
   */
  public static CrossValidation crossValidate(List<Path> sets, int folds, boolean thresholds, FoldBy foldBy,
      IntConsumer foldDone) throws IOException {
    Map<String, String> setOf = new LinkedHashMap<>();
    List<CorrectionEvaluation.Item> items = read(sets);
    for (Path set : sets) {
      for (CorrectionEvaluation.Item i : read(List.of(set))) {
        setOf.put(i.id(), set.getFileName() + "/" + i.lang());
      }
    }
    List<Arm> arms = new ArrayList<>();
    arms.add(new Arm(BASELINE, c -> new KeywordBaselineExtractor()));
    arms.add(new Arm("rules", c -> new RuleBasedExtractor(settings(1, 0), c)));
    arms.add(new Arm(BUILD, c -> new RuleBasedExtractor(ExtractionSettings.DEFAULTS, c)));
    // The weights the product ships, never trained on these folds' items unless the sets are the ones they were fitted
    // on: beside the fold models, whether a refit on these sets would beat them.
    arms.add(new Arm(SHIPPED, c -> new RuleBasedExtractor(ExtractionSettings.DEFAULTS, CorrectionClassifier.shipped())));
    arms.add(new Arm(FROM_SHIPPED, c -> new RuleBasedExtractor(ExtractionSettings.DEFAULTS, c), true));
    // The grid the shipped thresholds were chosen from.
    for (double min : thresholds ? new double[] {0.3, 0.4, 0.5, 0.6} : new double[0]) {
      for (double keep : new double[] {0, 0.1, 0.2}) {
        if (settings(min, keep).equals(ExtractionSettings.DEFAULTS)) {
          continue; // the default build's arm
        }
        arms.add(new Arm(String.format(Locale.ROOT, "rules kept >= %.1f + learnt >= %.1f", keep, min),
            c -> new RuleBasedExtractor(settings(min, keep), c)));
        // and the refit from the shipped weights at the same thresholds: whether a refit beats them somewhere on the
        // curve, not only at the defaults
        arms.add(new Arm(String.format(Locale.ROOT, "refitted, rules kept >= %.1f + learnt >= %.1f", keep, min),
            c -> new RuleBasedExtractor(settings(min, keep), c), true));
      }
    }
    Map<String, List<CorrectionEvaluation.Outcome>> all = new LinkedHashMap<>();
    Map<String, List<CorrectionScore>> perFold = new LinkedHashMap<>();
    for (int fold = 0; fold < folds; fold++) {
      Predicate<CorrectionEvaluation.Item> test = foldBy.fold(folds, fold);
      CorrectionClassifier model = trainOn(items, test.negate(), NO_PRIOR);
      CorrectionClassifier refitted = trainOn(items, test.negate(), CorrectionClassifier.shipped());
      for (Arm arm : arms) {
        List<CorrectionEvaluation.Outcome> o = CorrectionEvaluation.outcomes(
            arm.extractor().apply(arm.fromShipped() ? refitted : model), items, test);
        all.computeIfAbsent(arm.name(), k -> new ArrayList<>()).addAll(o);
        perFold.computeIfAbsent(arm.name(), k -> new ArrayList<>()).add(CorrectionEvaluation.score(o));
      }
      foldDone.accept(fold);
    }
    List<String> langs = items.stream().map(CorrectionEvaluation.Item::lang).distinct().sorted().toList();
    List<ArmScore> scores = new ArrayList<>();
    for (Arm arm : arms) {
      Map<String, CorrectionScore> byLanguage = new LinkedHashMap<>();
      for (String lang : langs) {
        byLanguage.put(lang, CorrectionEvaluation.score(all.get(arm.name()).stream()
            .filter(o -> o.item().lang().equals(lang)).toList()));
      }
      Map<String, CorrectionScore> bySet = new LinkedHashMap<>();
      for (String key : setOf.values().stream().distinct().toList()) {
        bySet.put(key, CorrectionEvaluation.score(all.get(arm.name()).stream()
            .filter(o -> setOf.get(o.item().id()).equals(key)).toList()));
      }
      scores.add(new ArmScore(arm.name(), CorrectionEvaluation.score(all.get(arm.name())), byLanguage, bySet,
          List.copyOf(perFold.get(arm.name()))));
    }
    return new CrossValidation(folds, foldBy.name().toLowerCase(Locale.ROOT), items.size(), List.copyOf(scores));
  }

  /**
   * Fold by fold, what the default build gets wrong on turns its model never saw: each correction it misses and each
   * negative turn it writes for, with the probability the fold's model gives the turn, for reading the errors of the
   * learnt model rather than those of a model that has seen the turn; {@code foldDone} hears each fold's number as it
   * finishes.
   */
  public static List<Miss> misses(List<Path> sets, int folds, FoldBy foldBy, IntConsumer foldDone)
      throws IOException {
    return misses(sets, folds, foldBy, false, foldDone);
  }

  /**
   * The same, with the shipped weights on every fold when {@code shipped} (what the product as shipped gets wrong,
   * to read on tuning sets); the fold then only says where the turn falls.
   */
  public static List<Miss> misses(List<Path> sets, int folds, FoldBy foldBy, boolean shipped, IntConsumer foldDone)
      throws IOException {
    List<CorrectionEvaluation.Item> items = read(sets);
    List<Miss> misses = new ArrayList<>();
    for (int fold = 0; fold < folds; fold++) {
      Predicate<CorrectionEvaluation.Item> test = foldBy.fold(folds, fold);
      CorrectionClassifier model = shipped ? CorrectionClassifier.shipped() : trainOn(items, test.negate(), NO_PRIOR);
      Extractor build = new RuleBasedExtractor(ExtractionSettings.DEFAULTS, model);
      for (CorrectionEvaluation.Outcome o : CorrectionEvaluation.outcomes(build, items, test)) {
        CorrectionEvaluation.Item i = o.item();
        boolean missed = i.expected().isPresent() && !o.found();
        if (missed || i.expected().isEmpty() && !o.written().isEmpty()) {
          misses.add(new Miss(missed, fold, model.probability(i.text(), previous(i)), i.id(), i.lang(), i.text()));
        }
      }
      foldDone.accept(fold);
    }
    return List.copyOf(misses);
  }

  /**
   * Trains on every item of the sets and writes the weights to {@code target}; {@code fromShipped} refits the weights
   * this package ships (pulled towards them) rather than fitting from nothing.
   */
  public static void train(List<Path> sets, Path target, boolean fromShipped) throws IOException {
    train(sets, target, fromShipped, CorrectionClassifier.shipped().options(), L2);
  }

  /** The same, with the feature options and L2 penalty {@code variant} names. */
  public static void train(List<Path> sets, Path target, boolean fromShipped, CorrectionSweep.Variant variant)
      throws IOException {
    train(sets, target, fromShipped, variant, ItemVectors.NONE);
  }

  /** The same, a variant that weighs a turn's vector reading it from {@code vectors}. */
  public static void train(List<Path> sets, Path target, boolean fromShipped, CorrectionSweep.Variant variant,
      ItemVectors vectors) throws IOException {
    write(trainOn(read(sets, false), i -> true, fromShipped ? CorrectionClassifier.shipped() : NO_PRIOR, variant,
        vectors), target);
  }

  private static void train(List<Path> sets, Path target, boolean fromShipped, Set<CorrectionFeatures.Option> options,
      double l2) throws IOException {
    write(trainOn(read(sets, false), i -> true, fromShipped ? CorrectionClassifier.shipped() : NO_PRIOR, options, l2),
        target);
  }

  private static void write(CorrectionClassifier model, Path target) throws IOException {
    Files.createDirectories(target.toAbsolutePath().getParent());
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      CorrectionTraining.write(model, w);
    }
    Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * The shipped build (rules with the shipped model), the rules alone and the keyword baseline, in one run, on every
   * item of each set, per language and over all: for a set put aside whole.
   */
  public static List<Measured> measure(List<Path> sets) throws IOException {
    List<Measured> measured = new ArrayList<>();
    for (Path set : sets) {
      List<CorrectionEvaluation.Item> items = read(List.of(set), false);
      List<String> langs = new ArrayList<>(items.stream().map(CorrectionEvaluation.Item::lang).distinct().sorted()
          .toList());
      langs.add("all");
      for (String lang : langs) {
        Predicate<CorrectionEvaluation.Item> in = i -> lang.equals("all") || i.lang().equals(lang);
        measured.add(new Measured(set, lang, (int) items.stream().filter(in).count(),
            CorrectionEvaluation.score(CorrectionEvaluation.outcomes(new RuleBasedExtractor(), items, in)),
            CorrectionEvaluation.score(CorrectionEvaluation.outcomes(
                new RuleBasedExtractor(settings(1, 0), CorrectionClassifier.shipped()), items, in)),
            CorrectionEvaluation.score(CorrectionEvaluation.outcomes(new KeywordBaselineExtractor(), items, in))));
      }
    }
    return List.copyOf(measured);
  }

  /**
   * How a cross-validation splits the items: a fold holds the items whose tenth (the sets' own SHA-256 split) falls to
   * it, of the item's id, of its chat's or file's (so a chat's other turns or a file's other lines never train the
   * model that scores one of them), or of its person's or repository's (so the model is judged on people it never
   * read).
   */
  public enum FoldBy {
    ITEM, CHAT, PERSON;

    Predicate<CorrectionEvaluation.Item> fold(int folds, int fold) {
      return i -> (switch (this) {
        case ITEM -> i.tenth();
        case CHAT -> i.chatTenth();
        case PERSON -> i.personTenth();
      }) % folds == fold;
    }
  }

  private static final CorrectionClassifier NO_PRIOR = new CorrectionClassifier(Map.of());

  // A fold's model reads the features the shipped weights were fitted with, so the default build's arm scores a model
  // of the kind the product ships.
  private static CorrectionClassifier trainOn(List<CorrectionEvaluation.Item> items,
      Predicate<CorrectionEvaluation.Item> part, CorrectionClassifier prior) {
    return trainOn(items, part, prior, CorrectionClassifier.shipped().options(), L2);
  }

  static CorrectionClassifier trainOn(List<CorrectionEvaluation.Item> items, Predicate<CorrectionEvaluation.Item> part,
      CorrectionClassifier prior, Set<CorrectionFeatures.Option> options, double l2) {
    return trainOn(items, part, prior, new CorrectionSweep.Variant("", options, l2, false, false, List.of(0.0),
        CorrectionSweep.Variant.Features.WORDS), ItemVectors.NONE);
  }

  /** A model of {@code variant}'s features fitted on the items {@code part} holds, their vectors from {@code vectors}. */
  static CorrectionClassifier trainOn(List<CorrectionEvaluation.Item> items, Predicate<CorrectionEvaluation.Item> part,
      CorrectionClassifier prior, CorrectionSweep.Variant variant, ItemVectors vectors) {
    List<CorrectionTraining.Example> examples = new ArrayList<>();
    for (CorrectionEvaluation.Item i : items) {
      if (part.test(i)) {
        examples.add(new CorrectionTraining.Example(features(i, variant), vectors.of(i, variant),
            i.expected().isPresent()));
      }
    }
    return CorrectionTraining.train(examples, variant.l2(), EPOCHS, prior, variant.options());
  }

  /** The item's features as {@code variant} weighs them: without the words' for a model of cues and vector. */
  static Set<String> features(CorrectionEvaluation.Item i, CorrectionSweep.Variant variant) {
    Set<String> f = new java.util.LinkedHashSet<>(CorrectionFeatures.of(i.text(), previous(i), variant.options()));
    if (variant.features() == CorrectionSweep.Variant.Features.CUES_AND_VECTOR
        || variant.features() == CorrectionSweep.Variant.Features.CUES_AND_CLAUSE_VECTORS) {
      f.removeIf(x -> !(x.startsWith("cue:") || x.startsWith("len:") || x.startsWith("script:")));
    }
    return f;
  }

  static Optional<String> previous(CorrectionEvaluation.Item i) {
    return i.previous().isBlank() ? Optional.empty() : Optional.of(i.previous());
  }

  /** The default settings with the learnt model at {@code min} and {@code keep} in every script. */
  static ExtractionSettings settings(double min, double keep) {
    return ExtractionSettings.DEFAULTS.with("learntCorrectionMin", min).with("learntCorrectionKeep", keep)
        .with("learntCorrectionMinHan", min).with("learntCorrectionKeepHan", keep);
  }

  // An id names one turn across every set read together: two turns with one id would share a fold by force and be
  // scored under one set, so a cross-validation refuses a repeated id with where it is. Measuring a set whole and
  // training need no fold, and read such a set as it is.
  private static List<CorrectionEvaluation.Item> read(List<Path> sets) throws IOException {
    return read(sets, true);
  }

  static List<CorrectionEvaluation.Item> read(List<Path> sets, boolean uniqueIds) throws IOException {
    List<CorrectionEvaluation.Item> items = new ArrayList<>();
    Map<String, Path> seen = new java.util.HashMap<>();
    for (Path set : sets) {
      try (var in = Files.newBufferedReader(set.resolve("corrections.jsonl"), StandardCharsets.UTF_8)) {
        for (CorrectionEvaluation.Item i : CorrectionEvaluation.read(in)) {
          Path first = seen.putIfAbsent(i.id(), set);
          if (first != null && uniqueIds) {
            throw new IOException("id " + i.id() + " is on two turns (" + first.resolve("corrections.jsonl") + " and "
                + set.resolve("corrections.jsonl") + "): every turn needs its own id");
          }
          items.add(i);
        }
      }
    }
    return items;
  }
}
