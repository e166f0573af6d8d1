package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.DreamSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamGatesTest {
  private static final DreamSettings DREAM = DreamSettings.DEFAULTS;
  private static final Instant NOW = Instant.parse("2026-05-12T18:00:00Z");

  @Test
  void freshDirectoryWaitsForFiveSessions(@TempDir Path memory) throws Exception {
    DreamStateFile state = new DreamStateFile(memory);
    for (int i = 0; i < 4; i++) {
      state.recordSession("s" + i, NOW.minusSeconds(100));
    }
    GateReport report = new DreamGates(memory, DREAM).check(NOW, false);
    assertThat(report.closed()).containsExactly(Gate.SESSIONS);
    assertThat(report.sessionsSince()).isEqualTo(4);
    state.recordSession("s4", NOW);
    assertThat(new DreamGates(memory, DREAM).check(NOW, false).open()).isTrue();
  }

  @Test
  void theSameSessionCountsOnce(@TempDir Path memory) throws Exception {
    DreamStateFile state = new DreamStateFile(memory);
    for (int i = 0; i < 6; i++) {
      state.recordSession("same", NOW.minusSeconds(i));
    }
    assertThat(state.read().sessionCount()).isEqualTo(1);
  }

  @Test
  void timeGateClosesWithin24HoursOfTheLastConsolidation(@TempDir Path memory) throws Exception {
    DreamStateFile state = new DreamStateFile(memory);
    Instant last = NOW.minus(Duration.ofHours(23));
    state.stampConsolidation(last.minusSeconds(60), last);
    for (int i = 0; i < 5; i++) {
      state.recordSession("s" + i, NOW.minusSeconds(10));
    }
    GateReport report = new DreamGates(memory, DREAM).check(NOW, false);
    assertThat(report.closed()).containsExactly(Gate.TIME);
    assertThat(report.lastConsolidation()).contains(last);
    assertThat(new DreamGates(memory, DREAM).check(NOW.plus(Duration.ofHours(1)), false).open()).isTrue();
  }

  @Test
  void forceBypassesTimeAndSessionsButNeverTheLock(@TempDir Path memory) throws Exception {
    new DreamStateFile(memory).stampConsolidation(NOW.minusSeconds(120), NOW.minusSeconds(60));
    DreamGates gates = new DreamGates(memory, DREAM);
    assertThat(gates.check(NOW, false).closed()).containsExactlyInAnyOrder(Gate.TIME, Gate.SESSIONS);
    assertThat(gates.check(NOW, true).open()).isTrue();
    try (ConsolidationLock held = ConsolidationLock.tryAcquire(memory, DREAM, NOW).orElseThrow()) {
      GateReport forced = gates.check(NOW, true);
      assertThat(forced.closed()).containsExactly(Gate.LOCK);
      assertThat(forced.forced()).isTrue();
    }
  }

  @Test
  void settingsChangeTheNumbers(@TempDir Path memory) throws Exception {
    DreamSettings lenient = DreamSettings.DEFAULTS.with("minHoursBetween", 1).with("minSessions", 1);
    new DreamStateFile(memory).stampConsolidation(NOW.minusSeconds(7300), NOW.minusSeconds(7200));
    new DreamStateFile(memory).recordSession("only", NOW);
    assertThat(new DreamGates(memory, lenient).check(NOW, false).open()).isTrue();
  }
}
