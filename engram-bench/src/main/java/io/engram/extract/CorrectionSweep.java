package io.engram.extract;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

/**
 * Ways to fit the learnt correction model compared on the same folds, at a grid of thresholds, in one run: which
 * feature options, which L2 penalty, which thresholds, language by language.
 *
 * <p>The build's outcome on a turn depends on the model only through which side of the two thresholds its probability
 * falls ({@code learntCorrectionKeep}, {@code learntCorrectionMin}): below the first the rules' correction goes, from
 * the second on the turn is kept whole. So each turn is extracted three times, with a model that gives every turn the
 * same probability in each of the three ranges, and any model at any thresholds is scored by looking its probability
 * up: the rules run once per turn, not once per model and threshold.
 */
public final class CorrectionSweep {
  private CorrectionSweep() {}

  /**
   * A way to fit the model: feature options and L2 penalty, from nothing or refitted from the shipped weights (pulled
   * towards them by the penalty); {@code shipped} scores the shipped weights instead.
   */
  public record Variant(String name, Set<CorrectionFeatures.Option> options, double l2, boolean shipped,
      boolean refit, List<Double> hanShifts, Features features) {
    /** Which features the model weighs: the words and cues, those and the turn's vector, or the cues and the vector. */
    public enum Features {
      WORDS, WORDS_AND_VECTOR, CUES_AND_VECTOR,
      /** The cues and the highest of each component over the turn's clauses' vectors, each clause read alone. */
      CUES_AND_CLAUSE_VECTORS;

      boolean vector() {
        return this != WORDS;
      }
    }

    /** Whether the model weighs the turn's vector ({@link TurnVector}), which the lab must then be given. */
    public boolean vectors() {
      return features.vector();
    }

    /**
     * {@code shipped}, or options joined by '+' ({@code base} for none), '/', the L2 penalty: {@code script+neg/1e-3};
     * {@code vec} among the options weighs the turn's vector too, {@code vec-only} the vector and the cues without the
     * words, {@code vec-clauses} the cues and the highest of each component over the turn's clauses read one by one;
     * {@code refit:} before it refits the shipped weights; {@code @S:S...} after it scores the model also with the
     * log-odds of Han turns shifted by each S.
     */
    public static Variant parse(String spec) {
      int at = spec.indexOf('@');
      List<Double> shifts = new ArrayList<>(List.of(0.0));
      if (at >= 0) {
        for (String x : spec.substring(at + 1).split(":")) {
          shifts.add(Double.parseDouble(x));
        }
      }
      String head = at < 0 ? spec : spec.substring(0, at);
      if (head.equals("shipped")) {
        return new Variant(head, Set.of(), 0, true, false, List.copyOf(shifts), Features.WORDS);
      }
      boolean refit = head.startsWith("refit:");
      String rest = refit ? head.substring("refit:".length()) : head;
      int slash = rest.lastIndexOf('/');
      String opts = slash < 0 ? rest : rest.substring(0, slash);
      double l2 = slash < 0 ? CorrectionLab.L2 : Double.parseDouble(rest.substring(slash + 1));
      Set<String> keys = new java.util.HashSet<>(opts.equals("base") || opts.isEmpty() ? Set.of()
          : Set.of(opts.split("\\+")));
      Features features = keys.remove("vec-clauses") ? Features.CUES_AND_CLAUSE_VECTORS
          : keys.remove("vec-only") ? Features.CUES_AND_VECTOR
          : keys.remove("vec") ? Features.WORDS_AND_VECTOR : Features.WORDS;
      return new Variant(head, CorrectionFeatures.options(keys), l2, false, refit, List.copyOf(shifts), features);
    }
  }

  /** One variant at one pair of thresholds: over all, per language and per set ("set/lang"). */
  public record Row(String variant, double min, double keep, double over, CorrectionScore total,
      Map<String, CorrectionScore> byLanguage, Map<String, CorrectionScore> bySet) {}

  /**
   * The baseline, the rules alone, every variant at every pair of thresholds, and each variant with thresholds chosen
   * per script ({@link ScriptThresholds}).
   */
  public record Sweep(int folds, String foldBy, int items, Row baseline, Row rules, List<Row> rows,
      List<ScriptThresholds.Chosen> chosen) {}

  // 1 as the learnt bar keeps nothing the rules pass over: the model only drops, or (with keep 0) is off.
  static final double[] MINS = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1};
  // Up to 0.5: where the rules write to many turns that are no correction (Chinese), the bar that drops them can sit
  // higher than the one that adds turns elsewhere. A pair with keep above min is no setting the product reads the
  // same way (a turn between them would lose the rules' reading and be kept whole), so the grid leaves it out.
  static final double[] KEEPS = {0, 0.1, 0.2, 0.3, 0.4, 0.5};
  // From the learnt bar up: the bar from which a turn is kept whole although a sentence of it asks for an edit (a
  // standing preference inside a request); 1 for never.
  static final double[] OVERS = {0.5, 0.6, 0.7, 0.8, 0.9, 1};
  // The probabilities of the four ranges' stand-in models, at the thresholds they are extracted with (keep 0.1, min
  // 0.4, over an edit 0.99).
  private static final double[] STAND_INS = {0.05, 0.25, 0.95, 0.995};

  public static Sweep sweep(List<Path> sets, int folds, CorrectionLab.FoldBy foldBy, List<Variant> variants,
      IntConsumer progress) throws IOException {
    return sweep(sets, folds, foldBy, variants, ItemVectors.NONE, progress);
  }

  /** The same, the variants that weigh a turn's vector reading it from {@code vectors}. */
  public static Sweep sweep(List<Path> sets, int folds, CorrectionLab.FoldBy foldBy, List<Variant> variants,
      ItemVectors vectors, IntConsumer progress) throws IOException {
    List<CorrectionEvaluation.Item> items = CorrectionLab.read(sets, true);
    Map<String, String> setOf = new HashMap<>();
    for (Path set : sets) {
      for (CorrectionEvaluation.Item i : CorrectionLab.read(List.of(set), true)) {
        setOf.put(i.id(), set.getFileName() + "/" + i.lang());
      }
    }
    Predicate<CorrectionEvaluation.Item> all = i -> true;
    List<List<CorrectionEvaluation.Outcome>> ranges = new ArrayList<>();
    for (double p : STAND_INS) {
      CorrectionClassifier constant = new CorrectionClassifier(Map.of(CorrectionClassifier.BIAS, Math.log(p / (1 - p))));
      // the stand-in in the place of the model that weighs vectors, which alone may keep a turn beside an edit asked
      ranges.add(CorrectionEvaluation.outcomes(new RuleBasedExtractor(STAND_IN_SETTINGS,
          new CorrectionClassifier(Map.of()), constant, java.util.Optional.empty()), items, all));
      progress.accept(-1);
    }
    List<CorrectionEvaluation.Outcome> baseline =
        CorrectionEvaluation.outcomes(new KeywordBaselineExtractor(), items, all);
    List<Row> rows = new ArrayList<>();
    List<ScriptThresholds.Chosen> chosen = new ArrayList<>();
    for (Variant v : variants) {
      double[] p = new double[items.size()];
      for (int fold = 0; fold < folds; fold++) {
        Predicate<CorrectionEvaluation.Item> test = foldBy.fold(folds, fold);
        CorrectionClassifier model = v.shipped() ? CorrectionClassifier.shipped()
            : CorrectionLab.trainOn(items, test.negate(),
                v.refit() ? CorrectionClassifier.shipped() : new CorrectionClassifier(Map.of()), v, vectors);
        for (int k = 0; k < items.size(); k++) {
          CorrectionEvaluation.Item i = items.get(k);
          if (test.test(i)) {
            p[k] = model.probability(CorrectionLab.features(i, v), vectors.of(i, v));
          }
        }
        progress.accept(fold);
      }
      chosen.add(ScriptThresholds.choose(v.name(), items, p, ranges, baseline, folds, foldBy, setOf));
      for (double shift : v.hanShifts()) {
        double[] q = new double[p.length];
        for (int k = 0; k < p.length; k++) {
          boolean han = shift != 0 && CorrectionFeatures.scriptOf(items.get(k).text()).equals("han");
          q[k] = han ? 1 / (1 + Math.exp(-(Math.log(p[k] / (1 - p[k])) + shift))) : p[k];
        }
        String name = shift == 0 ? v.name() : v.name() + String.format(Locale.ROOT, " han%+.1f", shift);
        for (double min : MINS) {
          for (double keep : KEEPS) {
            for (double over : OVERS) {
              if (keep > min || over < min) {
                continue;
              }
              List<CorrectionEvaluation.Outcome> o = new ArrayList<>();
              for (int k = 0; k < items.size(); k++) {
                o.add(ranges.get(range(q[k], min, keep, over)).get(k));
              }
              rows.add(row(name, min, keep, over, o, setOf));
            }
          }
        }
      }
    }
    return new Sweep(folds, foldBy.name().toLowerCase(Locale.ROOT), items.size(), row("keyword baseline", 1, 0, 1,
        baseline, setOf), row("rules alone", 1, 0, 1, ranges.get(1), setOf), List.copyOf(rows), List.copyOf(chosen));
  }

  // The stand-ins' thresholds, in every script, for the model that weighs vectors: keep 0.1, min 0.4, over an edit 0.99.
  private static final io.engram.config.ExtractionSettings STAND_IN_SETTINGS = CorrectionLab.settings(0.4, 0.1)
      .with("vectorCorrectionMin", 0.4).with("vectorCorrectionKeep", 0.1).with("vectorCorrectionMinHan", 0.4)
      .with("vectorCorrectionKeepHan", 0.1).with("vectorCorrectionOverEdit", 0.99)
      .with("vectorCorrectionOverEditHan", 0.99);

  /**
   * Which stand-in's outcome a turn the model puts at {@code p} has: the rules' correction dropped, kept, whole, or
   * whole beside an edit asked for.
   */
  static int range(double p, double min, double keep, double over) {
    return p < keep ? 0 : p < min ? 1 : p < over ? 2 : 3;
  }

  static Row row(String name, double min, double keep, double over, List<CorrectionEvaluation.Outcome> o,
      Map<String, String> setOf) {
    Map<String, CorrectionScore> byLanguage = new LinkedHashMap<>();
    o.stream().map(x -> x.item().lang()).distinct().sorted().forEach(lang -> byLanguage.put(lang,
        CorrectionEvaluation.score(o.stream().filter(x -> x.item().lang().equals(lang)).toList())));
    Map<String, CorrectionScore> bySet = new LinkedHashMap<>();
    o.stream().map(x -> setOf.get(x.item().id())).distinct().forEach(key -> bySet.put(key,
        CorrectionEvaluation.score(o.stream().filter(x -> setOf.get(x.item().id()).equals(key)).toList())));
    return new Row(name, min, keep, over, CorrectionEvaluation.score(o), byLanguage, bySet);
  }
}
