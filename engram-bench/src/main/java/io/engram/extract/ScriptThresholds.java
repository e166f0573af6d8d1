package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * The learnt correction model's two thresholds chosen apart for Chinese turns (mostly Han characters) and for every
 * other turn, as the product reads them ({@code extraction.learntCorrectionMinHan}, {@code ...KeepHan}), judged on
 * folds so that the thresholds scoring a fold were chosen on the other folds' people.
 *
 * <p>The choice, on one script's turns: the pair of the grid (learnt {@code >= min}, rules kept {@code >= keep}) whose
 * corrections found, less its negative turns written to times the keyword baseline's own rate (corrections it finds
 * per negative turn it writes to, on the same turns), is highest. What the build writes beyond the baseline must find
 * corrections at least as often per wrong turn as the baseline does, or it is not worth its false positives; a build
 * that finds what the baseline finds at twice its false positives scores below it. The grid holds "learnt off"
 * (min 1, keep 0): where the model helps nowhere, the rules stand alone. Ties go to the higher bar.
 */
public final class ScriptThresholds {
  private ScriptThresholds() {}

  /** The scripts the product tells apart: Han, and every other. */
  static final List<String> SCRIPTS = List.of("han", "other");

  /**
   * A choice on one script's turns: the thresholds, the baseline's rate they were judged by, and what the build finds
   * with them on those turns.
   */
  public record Choice(String script, double min, double keep, double over, double baselineRate,
      CorrectionScore score) {}

  /**
   * A variant with thresholds chosen per script: its figures on turns whose thresholds were chosen on other folds
   * ({@code total}, {@code byLanguage}, {@code bySet}), the choices fold by fold, and the choice on every turn (the
   * one to ship).
   */
  public record Chosen(String variant, CorrectionScore total, Map<String, CorrectionScore> byLanguage,
      Map<String, CorrectionScore> bySet, List<List<Choice>> perFold, List<Choice> onAll) {}

  static String script(CorrectionEvaluation.Item item) {
    return CorrectionFeatures.han(item.text()) ? "han" : "other";
  }

  /**
   * Chooses per script on each fold's complement and scores the fold with it; {@code p} is the variant's probability
   * of each item (from the model that never saw the item's fold), {@code ranges} the outcomes of the three stand-in
   * models ({@link CorrectionSweep#range}).
   */
  static Chosen choose(String variant, List<CorrectionEvaluation.Item> items, double[] p,
      List<List<CorrectionEvaluation.Outcome>> ranges, List<CorrectionEvaluation.Outcome> baseline, int folds,
      CorrectionLab.FoldBy foldBy, Map<String, String> setOf) {
    String[] script = items.stream().map(ScriptThresholds::script).toArray(String[]::new);
    List<CorrectionEvaluation.Outcome> heldOut = new ArrayList<>(ranges.get(1));
    List<List<Choice>> perFold = new ArrayList<>();
    for (int fold = 0; fold < folds; fold++) {
      Predicate<CorrectionEvaluation.Item> test = foldBy.fold(folds, fold);
      List<Choice> choices = new ArrayList<>();
      for (String s : SCRIPTS) {
        Choice c = best(s, p, ranges, baseline, k -> script[k].equals(s) && !test.test(items.get(k)));
        choices.add(c);
        for (int k = 0; k < items.size(); k++) {
          if (script[k].equals(s) && test.test(items.get(k))) {
            heldOut.set(k, ranges.get(CorrectionSweep.range(p[k], c.min(), c.keep(), c.over())).get(k));
          }
        }
      }
      perFold.add(List.copyOf(choices));
    }
    List<Choice> onAll = SCRIPTS.stream()
        .map(s -> best(s, p, ranges, baseline, k -> script[k].equals(s))).toList();
    CorrectionSweep.Row row = CorrectionSweep.row(variant, 0, 0, 1, heldOut, setOf);
    return new Chosen(variant, row.total(), row.byLanguage(), row.bySet(), List.copyOf(perFold), onAll);
  }

  /** The best pair of thresholds of the grid on the items {@code in} holds, by the baseline's rate on them. */
  static Choice best(String script, double[] p, List<List<CorrectionEvaluation.Outcome>> ranges,
      List<CorrectionEvaluation.Outcome> baseline, IntPredicate in) {
    List<CorrectionEvaluation.Outcome> base = new ArrayList<>();
    for (int k = 0; k < p.length; k++) {
      if (in.test(k)) {
        base.add(baseline.get(k));
      }
    }
    CorrectionScore b = CorrectionEvaluation.score(base);
    // a baseline that wrote to no negative turn is judged as if it had written to one
    double rate = (double) b.found() / Math.max(b.negativesWritten(), 1);
    Choice best = null;
    double bestValue = Double.NEGATIVE_INFINITY;
    for (double min : CorrectionSweep.MINS) {
      for (double keep : CorrectionSweep.KEEPS) {
        for (double over : CorrectionSweep.OVERS) {
          if (keep > min || over < min) {
            continue; // not a triple the product reads as the grid scores it
          }
          List<CorrectionEvaluation.Outcome> o = new ArrayList<>();
          for (int k = 0; k < p.length; k++) {
            if (in.test(k)) {
              o.add(ranges.get(CorrectionSweep.range(p[k], min, keep, over)).get(k));
            }
          }
          CorrectionScore s = CorrectionEvaluation.score(o);
          double value = s.found() - rate * s.negativesWritten();
          // the grid runs from the lowest bars up: an equal value later is the same gain at a higher bar
          if (value >= bestValue) {
            bestValue = value;
            best = new Choice(script, min, keep, over, rate, s);
          }
        }
      }
    }
    return best;
  }
}
