package io.engram.ui;

import io.engram.history.HistoryHit;
import io.engram.history.PastSessions;
import io.engram.history.PastTurn;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The past-sessions search of the UI's JSON API ({@code history?q=}): the turns of the project's sessions that match
 * words, through {@link PastSessions} as {@code engram history} finds them, each with its session, time, role, the
 * transcript line it begins on and the tools and files it named; the page links each to that turn in its session.
 */
final class HistoryApi {
  private final UiProject project;
  private final int results;

  HistoryApi(UiProject project, int results) {
    this.project = project;
    this.results = results;
  }

  /** One matching turn. */
  record Hit(String session, Optional<String> uuid, String at, String role, String link, double score,
      List<String> tools, List<String> files, String text) {}

  /** What a search found, and what could not be read. */
  record Found(String query, List<Hit> hits, List<String> problems) {}

  void answer(UiExchange x) throws IOException, UiExchange.Refusal {
    if (!x.method().equals("GET") && !x.method().equals("HEAD")) {
      throw new UiExchange.Refusal(405, "read with GET");
    }
    String q = x.param("q").map(String::strip).filter(s -> !s.isEmpty())
        .orElseThrow(() -> new UiExchange.Refusal(400, "say what to look for: ?q=words"));
    PastSessions.Found found = project.history().find(q, results, Map.of());
    List<Hit> hits = found.hits().stream().map(HistoryApi::hit).toList();
    x.json(200, new Found(q, hits, found.read().problems()));
  }

  private static Hit hit(HistoryHit h) {
    PastTurn t = h.turn();
    return new Hit(t.sessionId(), t.uuid(), t.timestamp().map(Object::toString).orElse(""), t.role(), t.link(),
        Math.round(h.score() * 1000) / 1000.0, t.tools(), t.files(), t.text());
  }
}
