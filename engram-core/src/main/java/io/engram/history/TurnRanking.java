package io.engram.history;

import io.engram.config.RecallSettings;
import io.engram.recall.Candidate;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.RecallQuery;
import io.engram.recall.SearchIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Ranks past turns for a query the way recall ranks documents ({@link RecallIndex#keywordRanking}: BM25, keyword
 * coverage, dates and the last stage's features). Each turn is seen as a document grouped by its session and
 * following the turn before it there, so the reply to a matching question, and the turns of the session that
 * matched best, come before a passing mention elsewhere.
 */
final class TurnRanking {
  private final SearchIndex index;
  private final Function<String, Map<String, PastTurn>> sessions;
  private final RecallSettings settings;
  private final Map<String, List<PastTurn>> ordered = new HashMap<>();

  /** Over {@code index}, reading a session's turns by id through {@code sessions}. */
  TurnRanking(SearchIndex index, Function<String, Map<String, PastTurn>> sessions, RecallSettings settings) {
    this.index = index;
    this.sessions = sessions;
    this.settings = settings;
  }

  /** The turns best matching {@code query}, best first, at most {@code limit}; relative dates count back from {@code now}. */
  List<HistoryHit> search(String query, int limit, Instant now) {
    int candidates = Math.max(limit, settings.candidatesPerRetriever());
    Map<String, RecallDocument> known = new HashMap<>();
    for (SearchIndex.Hit hit : index.keywordSearch(query, candidates)) {
      turn(hit.id()).ifPresent(t -> {
        known.put(t.id(), document(t));
        neighbour(t, -1).ifPresent(b -> known.putIfAbsent(b.id(), document(b)));
      });
    }
    List<HistoryHit> out = new ArrayList<>();
    for (Candidate c : RecallIndex.keywordRanking(index, known, RecallQuery.of(query), settings, now)) {
      if (out.size() == limit || c.fused() <= 0) {
        break;
      }
      turn(c.id()).ifPresent(t -> out.add(new HistoryHit(t, c.fused())));
    }
    return out;
  }

  /**
   * A turn as recall sees it: its words, what it did as its description, its neighbours' words as its context (as
   * the index holds them: {@link TurnEntries}), dated when it began, in its session after the turn before it.
   */
  RecallDocument document(PastTurn t) {
    Optional<PastTurn> before = neighbour(t, -1);
    return new RecallDocument(t.id(), t.role(), t.about(), t.text(), "turn",
        RecallDocument.Activity.since(t.timestamp().orElse(Instant.EPOCH)), false, t.files())
        .withContext(TurnEntries.context(before, neighbour(t, 1)))
        .inGroup(t.sessionId(), before.map(PastTurn::id).orElse(""));
  }

  private Optional<PastTurn> turn(String id) {
    return Optional.ofNullable(sessions.apply(sessionOf(id)).get(id));
  }

  /** The turn {@code step} places from {@code t} in its session (-1 the one before, 1 the one after), if any. */
  private Optional<PastTurn> neighbour(PastTurn t, int step) {
    List<PastTurn> turns = ordered.computeIfAbsent(t.sessionId(), s -> sessions.apply(s).values().stream()
        .sorted(Comparator.comparingInt(PastTurn::line)).toList());
    int at = turns.indexOf(t);
    int other = at + step;
    return at >= 0 && other >= 0 && other < turns.size() ? Optional.of(turns.get(other)) : Optional.empty();
  }

  static String sessionOf(String turnId) {
    return turnId.substring(0, Math.max(0, turnId.lastIndexOf('#')));
  }
}
