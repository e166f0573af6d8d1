package io.engram.dream;

import static io.engram.dream.DreamFixture.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.memory.MemoryType;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamTimeBudgetTest {
  @TempDir Path root;

  private static EngramSettings withBudget(int seconds) {
    return DreamFixture.withDream("timeBudgetSeconds", seconds);
  }

  /** A model that takes longer to load than the whole budget, as a hung step would. */
  private static Supplier<Embedder> slowToLoad(Duration wait) {
    return () -> {
      try {
        Thread.sleep(wait.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("never loads in time");
    };
  }

  private DreamFixture seeded(EngramSettings settings) throws Exception {
    DreamFixture f = new DreamFixture(root, settings);
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.",
        NOW.minusSeconds(86_400 * 3));
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it.",
        NOW.minusSeconds(86_400));
    return f;
  }

  @Test
  void aDreamPastItsBudgetStopsAppliesNothingReleasesTheLockAndSaysSo() throws Exception {
    DreamFixture f = seeded(withBudget(1));
    Map<String, String> before = DreamFixture.tree(f.memoryDir(), false);
    Dream dream = new Dream(f.roots, f.settings, ModelRouter.offline(), Clock.fixed(NOW, ZoneOffset.UTC),
        Optional.of(slowToLoad(Duration.ofSeconds(4))));
    long t0 = System.nanoTime();
    DreamResult r = dream.run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(3));
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.TIMED_OUT);
    assertThat(r.problems()).singleElement().asString().contains("dream.timeBudgetSeconds", "nothing was applied");
    assertThat(r.changes()).isEmpty();
    assertThat(DreamFixture.tree(f.memoryDir(), false)).isEqualTo(before);
    assertThat(ConsolidationLock.status(f.memoryDir(), f.settings.dream(), NOW).free()).isTrue();
    assertThat(new DreamStateFile(f.memoryDir()).read().lastConsolidation()).isEmpty();

    DreamResult next = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(next.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
  }

  @Test
  void aDryRunPastItsBudgetSaysSoToo() throws Exception {
    DreamFixture f = seeded(withBudget(1));
    Dream dream = new Dream(f.roots, f.settings, ModelRouter.offline(), Clock.fixed(NOW, ZoneOffset.UTC),
        Optional.of(slowToLoad(Duration.ofSeconds(4))));
    DreamResult r = dream.run(new DreamOptions(true, true), DreamProgress.NONE);
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.TIMED_OUT);
  }

  @Test
  void withinItsBudgetADreamRunsAsBefore() throws Exception {
    DreamFixture f = seeded(withBudget(30));
    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    assertThat(r.problems()).noneMatch(p -> p.contains("timeBudgetSeconds"));
  }
}
