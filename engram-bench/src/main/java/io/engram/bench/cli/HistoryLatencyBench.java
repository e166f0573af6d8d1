package io.engram.bench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.RecallSettings;
import io.engram.history.SessionHistory;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.RecallDocument;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latency of a search of past sessions as {@code engram history} runs it (read what is new in every
 * transcript, then search, on the Lucene index on disk) over synthetic sessions: with the index checked turn by
 * turn against the whole catalogue (the stamps removed before each search) against the incremental check that
 * trusts the catalogue's stamps, measured in the same run on the same history.
 */
final class HistoryLatencyBench {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String FULL = "full check";
  static final String INCREMENTAL = "incremental";

  /**
   * Results at one size.
   *
   * @param sessions sessions in the history
   * @param turns turns read into the history
   * @param firstSyncSeconds reading every transcript into an empty history
   * @param latencyMs read-then-search latency by how the index is checked
   * @param ratio the full check's p50 over the incremental one's
   */
  record SizeResult(int sessions, int turns, double firstSyncSeconds, Map<String, Latencies.Percentiles> latencyMs,
      double ratio) {}

  private final int turnsPerSession;
  private final int queries;
  private final int limit;
  private final RecallSettings settings;

  HistoryLatencyBench(int turnsPerSession, int queries, int limit, RecallSettings settings) {
    this.turnsPerSession = turnsPerSession;
    this.queries = queries;
    this.limit = limit;
    this.settings = settings;
  }

  SizeResult run(int sessions, long seed, Path work) throws IOException {
    SyntheticMemories gen = new SyntheticMemories(seed, 20_000);
    List<RecallDocument> texts = gen.memories(sessions * turnsPerSession);
    List<String> qs = gen.queries(texts, queries);
    Map<String, Path> transcripts = writeTranscripts(texts, sessions, work.resolve("transcripts"));
    Path dir = work.resolve("history");
    SessionHistory history = new SessionHistory(dir, LuceneSearchIndex::onDisk, settings, Clock.systemUTC());
    long start = System.nanoTime();
    int turns = history.sync(transcripts).turns();
    double firstSync = Latencies.round3((System.nanoTime() - start) / 1e9);
    Map<String, Latencies> times = new LinkedHashMap<>();
    times.put(FULL, new Latencies());
    times.put(INCREMENTAL, new Latencies());
    for (int pass = 0; pass < 2; pass++) { // the first warms up; the two take turns query by query
      for (int i = 0; i < queries; i++) {
        for (Map.Entry<String, Latencies> way : times.entrySet()) {
          if (way.getKey().equals(FULL)) {
            Files.deleteIfExists(dir.resolve(SessionHistory.INDEX_STAMPS));
          }
          long t0 = System.nanoTime();
          history.syncAndSearch(transcripts, qs.get(i), limit);
          if (pass == 1) {
            way.getValue().add(System.nanoTime() - t0);
          }
        }
      }
    }
    Map<String, Latencies.Percentiles> latency = new LinkedHashMap<>();
    times.forEach((name, l) -> latency.put(name, l.summary()));
    double fast = latency.get(INCREMENTAL).p50();
    double ratio = fast == 0 ? 0 : Math.round(latency.get(FULL).p50() / fast * 10) / 10.0;
    return new SizeResult(sessions, turns, firstSync, latency, ratio);
  }

  /** One transcript per session, its turns a prompt and a reply in turn, a minute apart. */
  private Map<String, Path> writeTranscripts(List<RecallDocument> texts, int sessions, Path dir) throws IOException {
    Files.createDirectories(dir);
    Map<String, Path> out = new LinkedHashMap<>();
    Instant base = Instant.parse("2026-01-01T00:00:00Z");
    for (int s = 0; s < sessions; s++) {
      String session = "bench-" + s;
      Path file = dir.resolve(session + ".jsonl");
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        for (int t = 0; t < turnsPerSession; t++) {
          String text = texts.get(s * turnsPerSession + t).body();
          Instant at = base.plusSeconds(3600L * s + 60L * t);
          w.write(line(session, s + "-" + t, t % 2 == 0, text, at));
        }
      }
      out.put(session, file);
    }
    return out;
  }

  private static String line(String session, String uuid, boolean user, String text, Instant at)
      throws IOException {
    ObjectNode l = JSON.createObjectNode().put("type", user ? "user" : "assistant").put("sessionId", session)
        .put("uuid", uuid).put("timestamp", at.toString());
    ObjectNode message = l.putObject("message").put("role", user ? "user" : "assistant");
    if (user) {
      message.put("content", text);
    } else {
      message.putArray("content").addObject().put("type", "text").put("text", text);
    }
    return JSON.writeValueAsString(l) + "\n";
  }
}
