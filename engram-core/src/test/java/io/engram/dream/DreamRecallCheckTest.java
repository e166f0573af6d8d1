package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.RecalledMemory;
import io.engram.recall.Recaller;
import io.engram.recall.SearchIndex;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same queries before and after a dream: every query whose answer memory was found before still
 * finds it, or the memory it was merged into, after. Ranked by the recall engine itself ({@link Recaller}
 * over a {@link RecallIndex} on the in-core BM25 index ({@link SearchIndex#inMemory()}); no embedder in core tests,
 * so keyword recall), superseded memories excluded as recall excludes them; the top {@value #TOP} count.
 */
class DreamRecallCheckTest {
  static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");
  static final int TOP = 3;

  @TempDir Path root;

  @Test
  void everyQueryAnsweredBeforeTheDreamIsAnsweredAfterIt() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.", MAY_1);
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it between runs.",
        MAY_10);
    f.memory("package-manager", MemoryType.PROJECT, "The project uses npm for every script.", MAY_1);
    f.memory("package-manager-now", MemoryType.PROJECT, "The project switched to pnpm for every script.", MAY_10);
    f.memory("grafana", MemoryType.REFERENCE, "Latency dashboard lives at https://grafana.example.com/d/api", MAY_1);
    f.memory("release-freeze", MemoryType.PROJECT, "Release freeze starts tomorrow; only hotfixes merge.", MAY_10);
    f.memory("role", MemoryType.USER, "The user is a backend engineer who prefers terse answers.", MAY_1);
    f.memory("no-mocks", MemoryType.FEEDBACK, "Do not mock the database in integration tests; use Testcontainers.", MAY_1);
    Map<String, String> queries = Map.of(
        "how do I start redis for the integration tests", "redis-for-tests",
        "flush redis between test runs", "redis-tests-again",
        "which package manager runs the scripts pnpm", "package-manager-now",
        "where is the latency dashboard", "grafana",
        "when does the release freeze start", "release-freeze",
        "should I mock the database", "no-mocks",
        "terse answers backend engineer", "role");

    Map<String, List<String>> before = answers(f, queries);
    Set<String> answeredBefore = queries.entrySet().stream()
        .filter(q -> before.get(q.getKey()).contains(q.getValue())).map(Map.Entry::getKey).collect(Collectors.toSet());
    assertThat(answeredBefore).hasSizeGreaterThanOrEqualTo(6);

    DreamResult dream = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(dream.changes()).anyMatch(c -> c.startsWith("merge")).anyMatch(c -> c.startsWith("supersede"));
    Map<String, String> successor = successors(f, dream);
    Map<String, List<String>> after = answers(f, queries);
    for (String q : answeredBefore) {
      String answer = queries.get(q);
      String expected = successor.getOrDefault(answer, answer);
      assertThat(after.get(q)).as("query '%s' (answer %s)", q, expected).contains(expected);
    }
  }

  /** Merged-away memory to the memory that absorbed it (by name). */
  private static Map<String, String> successors(DreamFixture f, DreamResult dream) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (DreamChange c : dream.plan().changes()) {
      if (c instanceof DreamChange.Merge m) {
        String target = m.target().replace(".md", "");
        m.sources().forEach(s -> out.put(s.path().replace(".md", ""), target));
      }
    }
    return out;
  }

  /** The top {@value #TOP} memory names the recall engine returns for each query, over the directory as it is. */
  private static Map<String, List<String>> answers(DreamFixture f, Map<String, String> queries) throws Exception {
    List<RecallDocument> docs = new ArrayList<>();
    for (StoredMemory s : MemoryStores.directory(f.memoryDir(), f.settings.memory(), java.time.Clock.systemUTC())
        .list().memories()) {
      Memory m = s.memory();
      docs.add(new RecallDocument(s.path().getFileName().toString(), m.name(), m.description(), m.body(),
          m.type().id(), new RecallDocument.Activity(m.updated().orElse(DreamFixture.NOW), m.lastRecalled(),
              m.recallCount()), m.isSuperseded(DreamFixture.NOW), m.paths()));
    }
    RecallIndex index = new RecallIndex(SearchIndex.inMemory(), Optional.empty());
    index.sync(docs);
    Map<String, List<String>> out = new HashMap<>();
    for (String q : queries.keySet()) {
      Recaller recaller = new Recaller(index, f.settings.recall(), Optional.empty(),
          java.time.Clock.fixed(DreamFixture.NOW, java.time.ZoneOffset.UTC));
      out.put(q, recaller.recall(q).memories().stream().limit(TOP).map(RecalledMemory::name).toList());
    }
    return out;
  }
}
