package io.engram.recall;

import io.engram.config.EngramSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recall's last stage: each candidate's score, normalised by the best, plus a weighted sum of a few named
 * features of the candidate ({@link Features}), scaled back to the score's range ({@code recall.rescoring}). The
 * features say what the fused score cannot: whether the question's words are in the document's own text or only
 * in the context it carries (a past turn's neighbours), whether a "when" question meets a document that says
 * when, whether it is dated within the period asked about, and whether its own text says anything at all. Every
 * weight 0 returns the ranking untouched; a candidate whose score is 0 stays 0 (the relevance floor reads it).
 */
final class FeatureRescoring {
  private FeatureRescoring() {}

  /**
   * What the last stage knows of one candidate, each from 0 to 1.
   *
   * @param ownText share of the query's distinct words (function words left out) in the document's own text
   * @param timeAnswer 1 when the query asks when and the document's own text says when
   * @param dated 1 when the document was lifted as dated within the period the query names
   * @param substance how much the document's own text says, saturating at {@code substanceWords} distinct words
   */
  record Features(double ownText, double timeAnswer, double dated, double substance) {
    double weighed(EngramSettings.Rescoring w) {
      return w.ownText() * ownText + w.timeAnswer() * timeAnswer + w.dated() * dated + w.substance() * substance;
    }
  }

  /** {@code ranked} rescored by {@code weights}, best first; unchanged when no weight is set. */
  static List<Candidate> rescore(String query, List<Candidate> ranked, Map<String, RecallDocument> documents,
      EngramSettings.Rescoring weights) {
    if (!weights.enabled() || ranked.isEmpty()) {
      return ranked;
    }
    double best = ranked.stream().mapToDouble(Candidate::fused).max().orElse(0);
    if (best <= 0) {
      return ranked;
    }
    Set<String> asked = terms(FunctionWords.strip(query));
    boolean asksWhen = TimeExpressions.asksWhen(query);
    double total = 1 + weights.ownText() + weights.timeAnswer() + weights.dated() + weights.substance();
    List<Candidate> out = new ArrayList<>(ranked.size());
    for (Candidate c : ranked) {
      RecallDocument doc = documents.get(c.id());
      if (doc == null || c.fused() <= 0) {
        out.add(c);
        continue;
      }
      double score = c.fused() / best + features(asked, asksWhen, c, doc, weights.substanceWords()).weighed(weights);
      out.add(new Candidate(c.id(), best * score / total, c.keywordRank(), c.vectorRank(), c.coverage(), c.cosine(),
          c.routes()));
    }
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }

  /** The features of {@code doc} for a query of the distinct words {@code asked}. */
  static Features features(Set<String> asked, boolean asksWhen, Candidate c, RecallDocument doc, int substanceWords) {
    String own = doc.ownText();
    Set<String> words = terms(own);
    long held = asked.stream().filter(words::contains).count();
    double ownText = asked.isEmpty() ? 0 : held / (double) asked.size();
    double timeAnswer = asksWhen && TimeExpressions.saysWhen(doc.body()) ? 1 : 0;
    double dated = c.routes().contains("dated") ? 1 : 0;
    double substance = Math.min(1, Math.log1p(words.size()) / Math.log1p(substanceWords));
    return new Features(ownText, timeAnswer, dated, substance);
  }

  /** The distinct index terms of {@code text}. */
  static Set<String> terms(String text) {
    return new HashSet<>(TextTerms.of(text));
  }
}
