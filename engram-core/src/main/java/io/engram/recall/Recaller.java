package io.engram.recall;

import io.engram.config.RecallSettings;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Recall for one session: each turn, picks the memories relevant to the query within the budgets.
 *
 * <p>A turn runs: hybrid retrieval ({@link RecallIndex#search}); superseded memories and those already
 * sent in this session are left out, and so is every candidate below the relevance floor ({@link
 * RelevanceFloor#clears}: too little of the query's words and too far in meaning): an empty answer is a good
 * answer, and nothing scoring 0 is ever sent. The fused score is scaled by hotness ({@link Hotness}); a
 * {@link Reranker}, if any, picks from the short list and the manifest; when it fails or picks nothing
 * valid, the hybrid order stands. Then the budgets: at most {@code filesPerTurn} files,
 * each cut to {@code bytesPerFile} at a line boundary, {@code bytesPerTurn} a turn and {@code
 * bytesPerSession} a session. Every chosen memory carries the reason it was chosen. One instance per
 * session; not thread-safe.
 */
public final class Recaller {
  private final RecallIndex index;
  private final RecallSettings settings;
  private final Optional<Reranker> reranker;
  private final Clock clock;
  private final Set<String> surfaced = new LinkedHashSet<>();
  private int sessionBytes;

  /** A session's recaller over {@code index}, with budgets and ranking from {@code settings}. */
  public Recaller(RecallIndex index, RecallSettings settings, Optional<Reranker> reranker, Clock clock) {
    this(index, settings, reranker, clock, Set.of(), 0);
  }

  /**
   * A recaller resuming a session that already sent the ids {@code surfaced} and {@code sessionBytes}
   * bytes (the state a previous process of the same session persisted).
   */
  public Recaller(RecallIndex index, RecallSettings settings, Optional<Reranker> reranker, Clock clock,
      Set<String> surfaced, int sessionBytes) {
    this.index = Objects.requireNonNull(index, "index");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.reranker = Objects.requireNonNull(reranker, "reranker");
    this.clock = Objects.requireNonNull(clock, "clock");
    if (sessionBytes < 0) {
      throw new IllegalArgumentException("session bytes must not be negative: " + sessionBytes);
    }
    this.surfaced.addAll(surfaced);
    this.sessionBytes = sessionBytes;
  }

  /** The manifest of the index's current documents, newest first, capped at {@code manifestMaxFiles}. */
  public Manifest manifest() {
    return Manifest.of(index.documents().values(), settings.manifestMaxFiles());
  }

  /** The ids sent so far in this session, in the order sent. */
  public Set<String> surfaced() {
    return Collections.unmodifiableSet(surfaced);
  }

  /** Bytes sent so far in this session. */
  public int sessionBytes() {
    return sessionBytes;
  }

  /** Picks the memories for {@code query} (the user's input alone), a search someone asked for. */
  public RecallResult recall(String query) {
    return recall(RecallQuery.of(query));
  }

  /**
   * Picks this turn's memories for {@code query}: ranked, cut at the relevance floor, re-ranked by the
   * model (which sees the short list and the manifest) when one is configured, then cut to the budgets.
   */
  public RecallResult recall(RecallQuery query) {
    Map<String, RecallDocument> docs = index.documents();
    List<RecallResult.LeftOut> leftOut = new ArrayList<>();
    List<Ranked> ranked = rank(query, docs, leftOut);
    List<Ranked> order = ranked;
    boolean reranked = false;
    if (reranker.isPresent()) {
      Optional<List<Ranked>> picked = rerank(query.text(), ranked, docs, leftOut);
      if (picked.isPresent()) {
        order = picked.get();
        reranked = true;
      }
    }
    return new Budgeted(leftOut).apply(query.text(), order, docs, reranked);
  }

  /** A candidate with its hotness-scaled score and the reason it was found. */
  private record Ranked(String id, double score, String reason) {}

  private List<Ranked> rank(RecallQuery query, Map<String, RecallDocument> docs, List<RecallResult.LeftOut> leftOut) {
    Instant now = clock.instant();
    // The search first: its keyword steps go on while a query's vector, begun ahead, is still being made.
    List<Candidate> found = index.search(query, settings, now);
    RelevanceFloor floor = index.relevanceFloor(query.text(), settings).forKind(query.kind(), settings.askedCoverage());
    List<Ranked> out = new ArrayList<>();
    int belowFloor = 0;
    for (Candidate c : found) {
      RecallDocument doc = docs.get(c.id());
      if (doc == null) {
        continue;
      }
      if (doc.superseded()) {
        leftOut.add(new RecallResult.LeftOut(c.id(), "superseded"));
        continue;
      }
      if (surfaced.contains(c.id())) {
        leftOut.add(new RecallResult.LeftOut(c.id(), "already sent this session"));
        continue;
      }
      if (!floor.clears(c)) {
        if (c.fused() > 0 && belowFloor++ < settings.filesPerTurn()) {
          leftOut.add(new RecallResult.LeftOut(c.id(), "below the relevance floor ("
              + floorReason(c, floor.vectorFloor(c), floor.keywordGate()) + ")"));
        }
        continue;
      }
      double hot = Hotness.of(doc, now, settings.hotnessHalfLifeDays());
      double w = settings.hotnessWeight();
      out.add(new Ranked(c.id(), c.fused() * (1 - w + w * hot), c.retrievalReason() + ", " + Hotness.label(hot)));
    }
    out.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparing(Ranked::id));
    return out;
  }

  private String floorReason(Candidate c, double vectorFloor, double keywordGate) {
    String words = c.coverage() >= settings.keywordFloor()
        ? String.format(java.util.Locale.ROOT, "matches %.0f%% of the query's words, but by meaning it is further from"
            + " the prompt than everyday requests: the keyword gate is %.2f", 100 * c.coverage(), keywordGate)
        : String.format(java.util.Locale.ROOT, "matches %.0f%% of the query's words, the floor is %.0f%%",
            100 * c.coverage(), 100 * settings.keywordFloor());
    if (c.cosine().isEmpty() || vectorFloor == Double.POSITIVE_INFINITY) {
      return words;
    }
    return words + String.format(java.util.Locale.ROOT, "; cosine %.2f, the floor is %.2f", c.cosine().getAsDouble(),
        vectorFloor);
  }

  /**
   * Asks the reranker with the short list (the best {@code rerankShortList} that cleared the floor) and
   * the manifest; its picks are validated: each must be a current memory of the short list or the manifest
   * not sent before in this session. An empty pick is an answer (nothing helps); a failure, or picks of
   * nothing valid, keep the hybrid order, and the reason is left in {@code leftOut}.
   */
  private Optional<List<Ranked>> rerank(
      String query, List<Ranked> ranked, Map<String, RecallDocument> docs, List<RecallResult.LeftOut> leftOut) {
    List<Ranked> shortList = ranked.subList(0, Math.min(ranked.size(), settings.rerankShortList()));
    Manifest manifest = manifest();
    if (shortList.isEmpty() && manifest.entries().isEmpty()) {
      return Optional.empty();
    }
    String why;
    try {
      List<String> picks = reranker.get().rerank(query, shortList.stream().map(r -> docs.get(r.id())).toList(),
          manifest);
      if (picks.isEmpty()) {
        leftOut.add(new RecallResult.LeftOut("(" + reranker.get().name() + ")", "the model picked none"));
        return Optional.of(List.of());
      }
      List<Ranked> chosen = new ArrayList<>();
      for (String id : new LinkedHashSet<>(picks)) {
        validPick(id, shortList, docs).ifPresent(reason ->
            chosen.add(new Ranked(id, pickScore(id, shortList, chosen.size()), "reranked #" + (chosen.size() + 1)
                + " (" + reason + ")")));
      }
      if (!chosen.isEmpty()) {
        return Optional.of(chosen);
      }
      why = "picked only memories outside the short list and the manifest, or already sent";
    } catch (RuntimeException e) {
      why = "failed: " + e.getMessage();
    }
    leftOut.add(new RecallResult.LeftOut("(" + reranker.get().name() + ")", "reranker " + why + "; hybrid order used"));
    return Optional.empty();
  }

  /** Why {@code id} may be sent when the model picks it, or empty when it may not. */
  private Optional<String> validPick(String id, List<Ranked> shortList, Map<String, RecallDocument> docs) {
    for (int i = 0; i < shortList.size(); i++) {
      if (shortList.get(i).id().equals(id)) {
        return Optional.of("hybrid #" + (i + 1) + ": " + shortList.get(i).reason());
      }
    }
    RecallDocument doc = docs.get(id);
    if (doc == null || doc.superseded() || surfaced.contains(id)) {
      return Optional.empty();
    }
    return Optional.of("picked from the manifest, not found by search");
  }

  /** A pick keeps its hybrid score; one from the manifest scores just under the picks before it, never 0. */
  private static double pickScore(String id, List<Ranked> shortList, int position) {
    for (Ranked r : shortList) {
      if (r.id().equals(id)) {
        return r.score();
      }
    }
    return 1.0 / (position + 2);
  }

  /** Applies the per-file, per-turn and per-session budgets to one turn. */
  private final class Budgeted {
    private final List<RecallResult.LeftOut> leftOut;

    Budgeted(List<RecallResult.LeftOut> leftOut) {
      this.leftOut = leftOut;
    }

    RecallResult apply(String query, List<Ranked> order, Map<String, RecallDocument> docs, boolean reranked) {
      List<RecalledMemory> chosen = new ArrayList<>();
      int turnBytes = 0;
      for (Ranked r : order) {
        String id = r.id();
        if (!(r.score() > 0)) {
          leftOut.add(new RecallResult.LeftOut(id, "scored 0"));
          continue;
        }
        if (chosen.size() >= settings.filesPerTurn()) {
          leftOut.add(new RecallResult.LeftOut(id, "files-per-turn limit (" + settings.filesPerTurn() + ") reached"));
          break;
        }
        int turnLeft = settings.bytesPerTurn() - turnBytes;
        int sessionLeft = settings.bytesPerSession() - sessionBytes;
        int cap = Math.min(settings.bytesPerFile(), Math.min(turnLeft, sessionLeft));
        RecallDocument doc = docs.get(id);
        Clip.Clipped clipped = Clip.to(doc.body(), cap);
        if (clipped.bytes() == 0 && !doc.body().isEmpty()) {
          String limit = sessionLeft < turnLeft ? "session" : "turn";
          leftOut.add(new RecallResult.LeftOut(id, limit + " byte budget spent"));
          break;
        }
        String reason = r.reason();
        if (clipped.truncated()) {
          reason += ", truncated to " + clipped.bytes() + " of " + Clip.bytes(doc.body()) + " bytes ("
              + (cap == settings.bytesPerFile() ? "per-file" : "remaining budget") + ")";
        }
        chosen.add(new RecalledMemory(id, doc.name(), doc.type(), clipped.text(), r.score(), clipped.bytes(),
            clipped.truncated(), reason));
        turnBytes += clipped.bytes();
        sessionBytes += clipped.bytes();
        surfaced.add(id);
      }
      return new RecallResult(query, chosen, leftOut, turnBytes, sessionBytes, reranked);
    }
  }
}
