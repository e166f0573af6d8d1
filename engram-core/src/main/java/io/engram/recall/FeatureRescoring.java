package io.engram.recall;

import io.engram.config.RecallSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recall's last stage: each candidate's score, normalised by the best, plus a weighted sum of a few named
 * features of the candidate ({@link Features}), scaled back to the score's range ({@code recall.rescoring}). The
 * features say what the fused score cannot: whether the question's words are in the document's own text or only
 * in the context it carries (a past turn's neighbours), whether a "when" question meets a document that says
 * when, whether it is dated within the period asked about, whether its own text says anything at all, how well
 * the best candidate of its group (a past turn's session) matched, how well the question it replies to matched,
 * and how closely its own words, and those of its reply, meet the query's token by token ({@link TokenMatch}, for
 * the best candidates when the model can say). A document that is itself a question loses a share of the result.
 * Every weight 0 returns the ranking untouched; a candidate whose score is 0 stays 0 (the relevance floor reads it).
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
   * @param group the best normalised score among the candidates of the document's group; 0 outside any group
   * @param answers the normalised score of the document it follows in its group, when that one is a question
   * @param question 1 when the document's own text ends in a question mark
   * @param tokens its token match with the query, min-max normalised among the candidates matched; 0 for the others
   * @param replyTokens the token match of the document that follows it in its group (its reply), normalised the
   *     same way among the replies matched; 0 when it has none
   */
  record Features(double ownText, double timeAnswer, double dated, double substance, double group, double answers,
      double question, double tokens, double replyTokens) {
    /** The candidate's normalised score {@code base} with these features weighed in, before the scaling back. */
    double weighed(double base, RecallSettings.Rescoring w) {
      double sum = base + w.ownText() * ownText + w.timeAnswer() * timeAnswer + w.dated() * dated
          + w.substance() * substance + w.group() * group + w.answers() * answers + w.tokens() * tokens
          + w.replyTokens() * replyTokens;
      return sum * (1 - w.question() * question);
    }

    /** The same features with the token matches {@code own} and {@code reply}. */
    Features withTokens(double own, double reply) {
      return new Features(ownText, timeAnswer, dated, substance, group, answers, question, own, reply);
    }
  }

  /**
   * The token matches ({@link TokenMatch}) of some candidates, by candidate id: their own, and their replies'.
   *
   * @param own each matched candidate's own match
   * @param reply the match of the document that follows the candidate in its group, for those that have one
   */
  record TokenMatches(Map<String, Double> own, Map<String, Double> reply) {
    /** No candidate matched. */
    static final TokenMatches NONE = new TokenMatches(Map.of(), Map.of());
  }

  /** {@code ranked} rescored by {@code weights} without token matches, best first; unchanged when no weight is set. */
  static List<Candidate> rescore(String query, List<Candidate> ranked, Map<String, RecallDocument> documents,
      RecallSettings.Rescoring weights) {
    return rescore(query, ranked, documents, weights, TokenMatches.NONE);
  }

  /**
   * {@code ranked} rescored by {@code weights}, best first, {@code matches} giving the token matches of the
   * candidates that have them; unchanged when no weight is set.
   */
  static List<Candidate> rescore(String query, List<Candidate> ranked, Map<String, RecallDocument> documents,
      RecallSettings.Rescoring weights, TokenMatches matches) {
    if (!weights.enabled() || ranked.isEmpty()) {
      return ranked;
    }
    double best = ranked.stream().mapToDouble(Candidate::fused).max().orElse(0);
    if (best <= 0) {
      return ranked;
    }
    Set<String> asked = terms(FunctionWords.strip(query));
    boolean asksWhen = TimeExpressions.asksWhen(query);
    Map<String, Double> groupBest = groupBest(ranked, documents, best);
    Map<String, Double> normalised = new HashMap<>();
    ranked.forEach(c -> normalised.put(c.id(), c.fused() / best));
    Map<String, Double> tokens = normalised(matches.own());
    Map<String, Double> replies = normalised(matches.reply());
    double total = 1 + weights.additive(!groupBest.isEmpty(), !tokens.isEmpty(), !replies.isEmpty());
    List<Candidate> out = new ArrayList<>(ranked.size());
    for (Candidate c : ranked) {
      RecallDocument doc = documents.get(c.id());
      if (doc == null || c.fused() <= 0) {
        out.add(c);
        continue;
      }
      Features f = features(asked, asksWhen, c, doc, weights.substanceWords(), groupBest.getOrDefault(doc.group(), 0.0),
          answered(doc, documents, normalised))
          .withTokens(tokens.getOrDefault(c.id(), 0.0), replies.getOrDefault(c.id(), 0.0));
      double score = f.weighed(c.fused() / best, weights);
      out.add(new Candidate(c.id(), best * score / total, c.keywordRank(), c.vectorRank(), c.coverage(), c.cosine(),
          c.routes()));
    }
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }

  /** {@code raw} scaled to 0 (the least) .. 1 (the best); all 1 when they are equal. */
  private static Map<String, Double> normalised(Map<String, Double> raw) {
    double low = raw.values().stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double high = raw.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    Map<String, Double> out = new HashMap<>();
    raw.forEach((id, v) -> out.put(id, high > low ? (v - low) / (high - low) : 1.0));
    return out;
  }

  /** Each group's best score among {@code ranked}, divided by {@code best}; documents outside a group are left out. */
  private static Map<String, Double> groupBest(List<Candidate> ranked, Map<String, RecallDocument> documents,
      double best) {
    Map<String, Double> out = new HashMap<>();
    for (Candidate c : ranked) {
      RecallDocument doc = documents.get(c.id());
      if (doc != null && !doc.group().isEmpty()) {
        out.merge(doc.group(), c.fused() / best, Math::max);
      }
    }
    return out;
  }

  /** The normalised score of the question {@code doc} follows, or 0 (none, not a question, not a candidate). */
  private static double answered(RecallDocument doc, Map<String, RecallDocument> documents,
      Map<String, Double> normalised) {
    RecallDocument before = doc.follows().isEmpty() ? null : documents.get(doc.follows());
    return before != null && isQuestion(before) ? normalised.getOrDefault(before.id(), 0.0) : 0;
  }

  private static boolean isQuestion(RecallDocument doc) {
    return doc.body().strip().endsWith("?");
  }

  /**
   * The features of {@code doc} for a query of the distinct words {@code asked}; {@code groupScore} is the best
   * normalised score in its group (0 when it is in none), {@code answered} that of the question it follows.
   */
  static Features features(Set<String> asked, boolean asksWhen, Candidate c, RecallDocument doc, int substanceWords,
      double groupScore, double answered) {
    Set<String> words = ownTerms(doc.ownText());
    long held = asked.stream().filter(words::contains).count();
    double ownText = asked.isEmpty() ? 0 : held / (double) asked.size();
    double timeAnswer = asksWhen && TimeExpressions.saysWhen(doc.body()) ? 1 : 0;
    double dated = c.routes().contains("dated") ? 1 : 0;
    double substance = Math.min(1, Math.log1p(words.size()) / Math.log1p(substanceWords));
    return new Features(ownText, timeAnswer, dated, substance, groupScore, answered, isQuestion(doc) ? 1 : 0, 0, 0);
  }

  /** The distinct index terms of {@code text}. */
  static Set<String> terms(String text) {
    return new HashSet<>(TextTerms.of(text));
  }

  /** Documents' own texts whose terms are kept: more than a recall's candidates, fewer than a large store's memories. */
  static final int KEPT_TEXTS = 4_096;

  // A document's terms, kept by its own text: a recall rescores its candidates twice (before and with the token
  // match), and a resident process rescores the same memories prompt after prompt.
  private static final Map<String, Set<String>> OWN_TERMS = java.util.Collections.synchronizedMap(
      new java.util.LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Set<String>> eldest) {
          return size() > KEPT_TEXTS;
        }
      });

  /** {@link #terms} of a document's own text, kept for the texts seen last. */
  static Set<String> ownTerms(String text) {
    return OWN_TERMS.computeIfAbsent(text, t -> Set.copyOf(terms(t)));
  }
}
