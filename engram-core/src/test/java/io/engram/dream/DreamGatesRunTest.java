package io.engram.dream;

import static io.engram.dream.DreamFixture.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.Memory;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamGatesRunTest {
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");

  @TempDir Path root;

  @Test
  void everyStoreWriteWithASessionIdCountsThatSessionOnce() throws Exception {
    DreamFixture f = new DreamFixture(root);
    MemoryStore store = MemoryStores.open(f.roots, f.settings, Clock.fixed(MAY_10, ZoneOffset.UTC),
        Dream.sessionCounter());
    store.write(Memory.builder("a", MemoryType.PROJECT).body("one\n").session("s1").build());
    store.write(Memory.builder("b", MemoryType.PROJECT).body("two\n").session("s1").build());
    store.write(Memory.builder("c", MemoryType.PROJECT).body("three\n").build());
    store.write(Memory.builder("me", MemoryType.USER).body("user-level\n").session("s2").build());
    assertThat(new DreamStateFile(f.memoryDir()).read().sessionsSince()).containsOnlyKeys("s1");
    Path userDir = MemoryStores.locate(f.roots, f.settings).userDir();
    assertThat(new DreamStateFile(userDir).read().sessionsSince()).containsOnlyKeys("s2");
  }

  @Test
  void theSessionGateOpensAtFiveSessionsThatTouchedMemory() throws Exception {
    DreamFixture f = new DreamFixture(root);
    MemoryStore store = MemoryStores.open(f.roots, f.settings, Clock.fixed(MAY_10, ZoneOffset.UTC),
        Dream.sessionCounter());
    for (int i = 1; i <= 4; i++) {
      store.write(Memory.builder("fact-" + i, MemoryType.PROJECT).body("Fact " + i + " alone.\n").session("s" + i).build());
    }
    DreamResult gated = f.dream().run(DreamOptions.DEFAULT, DreamProgress.NONE);
    assertThat(gated.outcome()).isEqualTo(DreamResult.Outcome.GATED);
    assertThat(gated.gates().closed()).containsExactly(Gate.SESSIONS);
    assertThat(gated.gates().sessionsSince()).isEqualTo(4);
    store.write(Memory.builder("fact-5", MemoryType.PROJECT).body("Fact 5 alone.\n").session("s5").build());
    DreamResult ran = f.dream().run(DreamOptions.DEFAULT, DreamProgress.NONE);
    assertThat(ran.outcome()).isIn(DreamResult.Outcome.APPLIED, DreamResult.Outcome.NOTHING_TO_DO);
    assertThat(new DreamStateFile(f.memoryDir()).read().sessionsSince()).isEmpty();
  }

  @Test
  void eachClosedGateIsReportedAndNothingIsWritten() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("npm", MemoryType.PROJECT, "The project uses npm.", MAY_10);
    f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    try (ConsolidationLock held = ConsolidationLock.tryAcquire(f.memoryDir(), f.settings.dream(), NOW).orElseThrow()) {
      Map<String, String> before = DreamFixture.tree(f.memoryDir(), false);
      DreamResult r = f.dream().run(DreamOptions.DEFAULT, DreamProgress.NONE);
      assertThat(r.outcome()).isEqualTo(DreamResult.Outcome.GATED);
      assertThat(r.gates().closed()).containsExactlyInAnyOrder(Gate.TIME, Gate.SESSIONS, Gate.LOCK);
      assertThat(r.gates().lastConsolidation()).contains(NOW);
      DreamResult forced = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
      assertThat(forced.gates().closed()).containsExactly(Gate.LOCK);
      assertThat(DreamFixture.tree(f.memoryDir(), false)).isEqualTo(before);
    }
    DreamResult later = new Dream(f.roots, f.settings, io.engram.model.ModelRouter.offline(),
        Clock.fixed(NOW.plusSeconds(25 * 3600), ZoneOffset.UTC)).run(DreamOptions.DEFAULT, DreamProgress.NONE);
    assertThat(later.gates().closed()).containsExactly(Gate.SESSIONS);
  }
}
