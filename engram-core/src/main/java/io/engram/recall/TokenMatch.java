package io.engram.recall;

import io.engram.config.RecallSettings;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * How closely a document's own words meet a query's, word by word in the embedding model's reading: for each content
 * token of the query the best cosine among the document's tokens, averaged ({@link Embedder#tokenVectors}). A
 * sentence vector blurs a one-line turn into its neighbours and a question's form into its subject; matched token by
 * token, "book" meets "novel" and "read" meets "finished" in the document's own text, wherever they sit. It matches
 * the best candidates, and the documents that reply to them in their group (a question whose answer meets the
 * query is lifted by the answer's match).
 *
 * <p>A document's token vectors cost one run of the model, so they are kept for the model's life in the process
 * ({@link TokenVectorCache}): a resident process reads a memory once. Not thread-safe: one per {@link RecallIndex},
 * whose searches are serialised.
 */
final class TokenMatch {
  private final Embedder embedder;
  private final QueryVectors queries;
  private final TokenVectorCache kept;
  // Each document that another follows in its group, to the one that follows it (its reply).
  private final Map<String, String> replies = new HashMap<>();

  TokenMatch(Embedder embedder) {
    this(embedder, new QueryVectors(embedder));
  }

  /** A match reading each query's tokens through {@code queries} (the index's: one run of the model per query). */
  TokenMatch(Embedder embedder, QueryVectors queries) {
    this.embedder = embedder;
    this.queries = queries;
    this.kept = TokenVectorCache.of(embedder);
  }

  /** Takes in the documents an index now holds: which one replies to which. */
  void follow(Collection<RecallDocument> docs) {
    replies.clear();
    docs.forEach(d -> {
      if (!d.follows().isEmpty()) {
        replies.put(d.follows(), d.id());
      }
    });
  }

  /**
   * The token matches of the best {@code tokenCandidates} of {@code rescored} and of their replies, as far as the
   * weights ask for them; none when they do not, or when the model fails (the ranking without them still answers).
   */
  FeatureRescoring.TokenMatches matches(String query, List<Candidate> rescored, Map<String, RecallDocument> documents,
      RecallSettings.Rescoring weights) {
    if (weights.tokens() + weights.replyTokens() <= 0 || query.isBlank()) {
      return FeatureRescoring.TokenMatches.NONE;
    }
    List<RecallDocument> best = rescored.stream().filter(c -> c.fused() > 0).limit(weights.tokenCandidates())
        .map(c -> documents.get(c.id())).filter(Objects::nonNull).toList();
    Map<String, RecallDocument> read = new LinkedHashMap<>();
    best.forEach(d -> read.put(d.id(), d));
    if (weights.replyTokens() > 0) {
      best.forEach(d -> Optional.ofNullable(replies.get(d.id())).map(documents::get).ifPresent(r -> read.put(r.id(), r)));
    }
    Map<String, Double> scores;
    try {
      scores = scores(query, List.copyOf(read.values()));
    } catch (RuntimeException e) {
      return FeatureRescoring.TokenMatches.NONE;
    }
    Map<String, Double> own = new HashMap<>();
    Map<String, Double> reply = new HashMap<>();
    for (RecallDocument d : best) {
      Optional.ofNullable(scores.get(d.id())).ifPresent(v -> own.put(d.id(), v));
      Optional.ofNullable(replies.get(d.id())).map(scores::get).ifPresent(v -> reply.put(d.id(), v));
    }
    return new FeatureRescoring.TokenMatches(weights.tokens() > 0 ? own : Map.of(),
        weights.replyTokens() > 0 ? reply : Map.of());
  }

  /**
   * Each of {@code docs}' match with {@code query}, from -1 to 1, by id; empty when the model gives no token vectors
   * or the query has no content word.
   */
  Map<String, Double> scores(String query, List<RecallDocument> docs) {
    List<float[]> asked = queryTokens(query);
    if (asked.isEmpty() || docs.isEmpty()) {
      return Map.of();
    }
    Map<String, Double> out = new HashMap<>();
    List<String> texts = docs.stream().map(RecallDocument::ownText).toList();
    Map<String, TokenRows> read = read(texts);
    List<TokenRows> rows = texts.stream().map(read::get).toList();
    // Each document's match is its own: they are made side by side, on a core the waiting agent leaves free.
    double[] matched = new double[rows.size()];
    IntStream all = IntStream.range(0, rows.size());
    (rows.size() < 2 ? all : all.parallel()).forEach(i -> {
      if (!rows.get(i).isEmpty()) {
        matched[i] = rows.get(i).match(asked);
      }
    });
    for (int i = 0; i < docs.size(); i++) {
      if (!rows.get(i).isEmpty()) {
        out.put(docs.get(i).id(), matched[i]);
      }
    }
    return out;
  }

  private List<float[]> queryTokens(String query) {
    return query.isBlank() ? List.of() : queries.tokens(query);
  }

  // The token vectors of each distinct text, those not kept read now, side by side.
  private Map<String, TokenRows> read(List<String> texts) {
    Map<String, TokenRows> out = new HashMap<>();
    Set<String> absent = new LinkedHashSet<>();
    for (String text : texts) {
      Optional<TokenRows> got = kept.get(text);
      if (got.isPresent()) {
        out.put(text, got.get());
      } else {
        absent.add(text);
      }
    }
    List<String> missing = List.copyOf(absent);
    List<TokenRows> made = (missing.size() < 2 ? missing.stream() : missing.parallelStream())
        .map(t -> TokenRows.of(embedder.tokenVectors(t, false))).toList();
    for (int i = 0; i < missing.size(); i++) {
      out.put(missing.get(i), made.get(i));
      kept.put(missing.get(i), made.get(i));
    }
    return out;
  }
}
