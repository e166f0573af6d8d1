package io.engram.recall;

import io.engram.config.EngramSettings;
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
 * sent in this session are left out; the fused score is scaled by hotness ({@link Hotness}); a
 * {@link Reranker}, if any, re-orders the short list, and when it fails, returns nothing usable or only
 * ids outside the list, the hybrid order stands. Then the budgets: at most {@code filesPerTurn} files,
 * each cut to {@code bytesPerFile} at a line boundary, {@code bytesPerTurn} a turn and {@code
 * bytesPerSession} a session. Every chosen memory carries the reason it was chosen. One instance per
 * session; not thread-safe.
 */
public final class Recaller {
  private final RecallIndex index;
  private final EngramSettings.Recall settings;
  private final Optional<Reranker> reranker;
  private final Clock clock;
  private final Set<String> surfaced = new LinkedHashSet<>();
  private int sessionBytes;

  /** A session's recaller over {@code index}, with budgets and ranking from {@code settings}. */
  public Recaller(RecallIndex index, EngramSettings.Recall settings, Optional<Reranker> reranker, Clock clock) {
    this(index, settings, reranker, clock, Set.of(), 0);
  }

  /**
   * A recaller resuming a session that already sent the ids {@code surfaced} and {@code sessionBytes}
   * bytes (the state a previous process of the same session persisted).
   */
  public Recaller(RecallIndex index, EngramSettings.Recall settings, Optional<Reranker> reranker, Clock clock,
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

  /** Picks this turn's memories for {@code query} (the user's input plus any recent tool results). */
  public RecallResult recall(String query) {
    Map<String, RecallDocument> docs = index.documents();
    List<RecallResult.LeftOut> leftOut = new ArrayList<>();
    List<Ranked> ranked = rank(query, docs, leftOut);
    List<Ranked> order = ranked;
    boolean reranked = false;
    if (reranker.isPresent() && !ranked.isEmpty()) {
      Optional<List<Ranked>> picked = rerank(query, ranked, docs, leftOut);
      if (picked.isPresent()) {
        order = picked.get();
        reranked = true;
      }
    }
    return new Budgeted(leftOut).apply(query, order, docs, reranked);
  }

  /** A candidate with its hotness-scaled score and the reason it was found. */
  private record Ranked(Candidate candidate, double score, String reason) {}

  private List<Ranked> rank(String query, Map<String, RecallDocument> docs, List<RecallResult.LeftOut> leftOut) {
    Instant now = clock.instant();
    List<Ranked> out = new ArrayList<>();
    for (Candidate c : index.search(query, settings)) {
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
      double hot = Hotness.of(doc, now, settings.hotnessHalfLifeDays());
      double w = settings.hotnessWeight();
      out.add(new Ranked(c, c.fused() * (1 - w + w * hot), c.retrievalReason() + ", " + Hotness.label(hot)));
    }
    out.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparing(r -> r.candidate().id()));
    return out;
  }

  private Optional<List<Ranked>> rerank(
      String query, List<Ranked> ranked, Map<String, RecallDocument> docs, List<RecallResult.LeftOut> leftOut) {
    List<Ranked> shortList = ranked.subList(0, Math.min(ranked.size(), settings.rerankShortList()));
    String why;
    try {
      List<String> picks = reranker.get().rerank(query, shortList.stream().map(r -> docs.get(r.candidate().id())).toList());
      List<Ranked> chosen = new ArrayList<>();
      for (String id : new LinkedHashSet<>(picks)) {
        for (int i = 0; i < shortList.size(); i++) {
          Ranked r = shortList.get(i);
          if (r.candidate().id().equals(id)) {
            String reason = "reranked #" + (chosen.size() + 1) + " (hybrid #" + (i + 1) + ": " + r.reason() + ")";
            chosen.add(new Ranked(r.candidate(), r.score(), reason));
          }
        }
      }
      if (!chosen.isEmpty()) {
        return Optional.of(chosen);
      }
      why = picks.isEmpty() ? "picked nothing" : "picked only ids outside the short list";
    } catch (RuntimeException e) {
      why = "failed: " + e.getMessage();
    }
    leftOut.add(new RecallResult.LeftOut("(" + reranker.get().name() + ")", "reranker " + why + "; hybrid order used"));
    return Optional.empty();
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
        String id = r.candidate().id();
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
