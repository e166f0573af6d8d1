package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.RecallSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recall with the real model answers exactly as it did when a query was embedded and its tokens read in two runs of
 * the model: the same memories, scores and reasons, for prompts in English and Chinese over a mixed store.
 */
class QueryReadOnceRecallTest {
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  @TempDir Path home;
  @TempDir Path project;

  /** The model as it was asked before it could read a query in one run: the port's default, two runs. */
  private static final class TwoRuns implements Embedder {
    private final Embedder model;

    TwoRuns(Embedder model) {
      this.model = model;
    }

    @Override
    public float[] embed(String text) {
      return model.embed(text);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      return model.embedAll(texts);
    }

    @Override
    public float[] embedQuery(String query) {
      return model.embedQuery(query);
    }

    @Override
    public List<float[]> tokenVectors(String text, boolean query) {
      return model.tokenVectors(text, query);
    }

    @Override
    public int dimension() {
      return model.dimension();
    }

    @Override
    public String name() {
      return model.name();
    }
  }

  @Test
  void recallAnswersAsWithAQueryReadInTwoRuns() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    ProjectMemory store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.fixed(T0, ZoneOffset.UTC));
    List<Memory> memories = List.of(
        Memory.of("tests-need-redis", MemoryType.PROJECT, "Integration tests need a local Redis",
            "Start redis-server on port 6379 before running the integration tests.\n"),
        Memory.of("use-pnpm", MemoryType.FEEDBACK, "The project uses pnpm, never npm",
            "Install packages with pnpm install; npm breaks the lockfile.\n"),
        Memory.of("mysql-profile", MemoryType.PROJECT, "Database profiles",
            "The default profile uses an in-memory H2 database; the mysql and postgres profiles need docker compose"
                + " up first.\n"),
        Memory.of("deploy-dashboard", MemoryType.REFERENCE, "Where deploys are watched",
            "Deploys are watched on the grafana dashboard at grafana.example.com/d/deploys.\n"),
        Memory.of("no-force-push", MemoryType.FEEDBACK, "Never force-push to main",
            "Rebase on main and merge with --ff-only; a force push rewrote history once.\n"),
        Memory.of("cache-clear", MemoryType.PROJECT, "部署前先清缓存",
            "每次部署之前先运行 make clear-cache，否则旧的静态文件会留在 CDN 上。\n"),
        Memory.of("lint-rules", MemoryType.FEEDBACK, "代码风格",
            "提交之前运行 ./mvnw spotless:apply，CI 会拒绝没有格式化的代码。\n"),
        Memory.of("kafka-topics", MemoryType.PROJECT, "Kafka topics are created by the app",
            "The app creates its Kafka topics at start; do not create them by hand in the integration tests.\n"));
    for (Memory m : memories) {
      store.write(m);
    }
    Embedder model = OnnxBertEmbedder.shared(BertModel.ALL_MINILM_L6_V2_Q);
    Clock recallClock = Clock.fixed(T0.plusSeconds(3600), ZoneOffset.UTC);
    MemoryRecall readOnce = new MemoryRecall(store, home, RecallSettings.DEFAULTS,
        new MemoryRecall.Backend(Optional.empty(), Optional.of(() -> model), Optional.empty()), recallClock);
    MemoryRecall twoRuns = new MemoryRecall(store, home, RecallSettings.DEFAULTS,
        new MemoryRecall.Backend(Optional.empty(), Optional.of(() -> new TwoRuns(model)), Optional.empty()),
        recallClock);

    int answered = 0;
    for (String prompt : List.of("How do I run the tests with redis and postgres?", "how do I run the app against"
        + " mysql?", "can I force push my branch", "where do I watch a deploy", "部署之前要做什么？",
        "提交代码前要注意什么", "what should I do before the kafka integration tests", "Fix the failing test.")) {
      RecallResult a = readOnce.recall(prompt, Optional.empty()).result();
      RecallResult b = twoRuns.recall(prompt, Optional.empty()).result();

      assertThat(a).as(prompt).isEqualTo(b);
      answered += a.memories().isEmpty() ? 0 : 1;
    }
    assertThat(answered).as("prompts that recalled a memory").isGreaterThanOrEqualTo(4);
  }
}
