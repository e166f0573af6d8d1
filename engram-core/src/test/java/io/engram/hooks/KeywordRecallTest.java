package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeywordRecallTest {
  private static StoredMemory m(String name, String description, String body) {
    return new StoredMemory(Memory.of(name, MemoryType.PROJECT, description, body), Path.of("/m/" + name + ".md"),
        MemoryScope.PROJECT);
  }

  private final List<StoredMemory> memories = List.of(
      m("tests-need-redis", "Running the tests", "Start Redis on 6379 before the tests."),
      m("deploy-window", "Deploys", "Deploy on Tuesdays only."),
      m("pnpm", "Package manager", "Use pnpm install, never npm."));

  @Test
  void ranksTheMemoryThatSharesTheQuerysWordsFirstAndLeavesOutUnrelatedOnes() {
    var found = new KeywordRecall(EngramSettings.Recall.DEFAULTS)
        .recall("How do I run the tests?", memories, Set.of(), 5, Integer.MAX_VALUE, Instant.now());
    assertThat(found).extracting(r -> r.stored().name()).containsExactly("tests-need-redis");
  }

  @Test
  void respectsTheFileAndByteBudgetsAndTheExclusions() {
    EngramSettings.Recall tight = new EngramSettings.Recall(200, 200, 1, 10, 20, 60, 20, 60, 30.0, 50, 0.3, 0.25);
    var found = new KeywordRecall(tight).recall("tests deploy pnpm", memories, Set.of("pnpm"), 5, 100, Instant.now());
    assertThat(found).hasSize(1);
    assertThat(found.get(0).bytes()).isLessThanOrEqualTo(10);
    assertThat(found.get(0).truncated()).isTrue();
    assertThat(found).noneMatch(r -> r.stored().name().equals("pnpm"));
  }

  @Test
  void chineseTextMatchesByBigrams() {
    var zh = List.of(m("redis-zh", "测试", "运行测试之前要启动 Redis。"), m("other", "部署", "周二部署。"));
    var found = new KeywordRecall(EngramSettings.Recall.DEFAULTS).recall("怎么运行测试", zh, Set.of(), 5, 10_000, Instant.now());
    assertThat(found).extracting(r -> r.stored().name()).containsExactly("redis-zh");
  }

  @Test
  void cuttingToBytesNeverSplitsACharacter() {
    assertThat(KeywordRecall.cutToBytes("ab测试", 4)).isEqualTo("ab");
    assertThat(KeywordRecall.cutToBytes("ab测试", 5)).isEqualTo("ab测");
  }
}
