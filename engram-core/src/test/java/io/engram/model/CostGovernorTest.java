package io.engram.model;

import io.engram.testing.ChildProcess;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.engram.config.GovernorSettings;
import io.engram.fs.HomeLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostGovernorTest {
  @TempDir Path home;

  private final GovernorSettings caps = new GovernorSettings(1_000, 1_500, 31);
  private final Clock day1 = Clock.fixed(Instant.parse("2026-05-11T23:59:00Z"), ZoneOffset.UTC);
  private final Clock day2 = Clock.fixed(Instant.parse("2026-05-12T00:01:00Z"), ZoneOffset.UTC);

  @Test
  void backgroundAndForegroundAreKeptApartPerSessionAndPurpose() {
    CostGovernor governor = new CostGovernor(home, caps, day1);
    governor.record("s1", Purpose.EXTRACTION, true, new TokenUsage(100, 20, 30, 40));
    governor.record("s1", Purpose.COMPACTION, false, new TokenUsage(500, 50, 0, 0));
    governor.record("s2", Purpose.EXTRACTION, true, new TokenUsage(10, 0, 0, 0));

    UsageReport report = new CostGovernor(home, caps, day1).report();
    assertThat(report.day()).isEqualTo("2026-05-11");
    assertThat(report.background()).isEqualTo(new UsageTotals(110, 20, 30, 40, 2));
    assertThat(report.foreground().total()).isEqualTo(550);
    assertThat(report.backgroundByPurpose()).containsEntry("EXTRACTION", 200L);
    assertThat(report.dailyRemaining()).isEqualTo(1_300);
    assertThat(report.sessions()).extracting(SessionUsage::sessionId).containsExactly("s1", "s2");
    assertThat(report.sessions().get(0).remaining()).isEqualTo(810);
  }

  @Test
  void daysListsEveryDayOfTheLedgerNewestFirst() {
    new CostGovernor(home, caps, day1).record("s1", Purpose.EXTRACTION, true, new TokenUsage(100, 0, 0, 0));
    new CostGovernor(home, caps, day2).record("s1", Purpose.DREAM, true, new TokenUsage(300, 0, 0, 0));
    java.util.List<UsageReport> days = new CostGovernor(home, caps, day2).days();
    assertThat(days).extracting(UsageReport::day).containsExactly("2026-05-12", "2026-05-11");
    assertThat(days.get(0).backgroundByPurpose()).containsEntry("DREAM", 300L);
    assertThat(days.get(1).dailyRemaining()).isEqualTo(1_400);
    assertThat(days.get(0).sessions().get(0).remaining()).as("the session cap spans days").isEqualTo(600);
  }

  @Test
  void sessionCapRefusesOnlyThatSessionAndForegroundIsNeverCounted() {
    CostGovernor governor = new CostGovernor(home, caps, day1);
    governor.record("s1", Purpose.OTHER, false, new TokenUsage(5_000, 0, 0, 0));
    assertThat(governor.backgroundRefusal("s1")).isEmpty();
    governor.record("s1", Purpose.DREAM, true, new TokenUsage(1_000, 0, 0, 0));
    assertThat(governor.backgroundRefusal("s1")).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("session cap of 1000").contains("s1");
    assertThat(governor.backgroundRefusal("s2")).isEmpty();
  }

  @Test
  void dailyCapIsPerUtcDayWhileTheSessionCapSpansDays() {
    new CostGovernor(home, caps, day1).record("s1", Purpose.EXTRACTION, true, new TokenUsage(900, 0, 0, 0));
    new CostGovernor(home, caps, day1).record("s2", Purpose.EXTRACTION, true, new TokenUsage(600, 0, 0, 0));
    assertThat(new CostGovernor(home, caps, day1).backgroundRefusal("s3"))
        .get(org.assertj.core.api.InstanceOfAssertFactories.STRING).contains("daily cap of 1500");

    CostGovernor tomorrow = new CostGovernor(home, caps, day2);
    assertThat(tomorrow.backgroundRefusal("s3")).isEmpty();
    tomorrow.record("s1", Purpose.EXTRACTION, true, new TokenUsage(100, 0, 0, 0));
    assertThat(tomorrow.backgroundRefusal("s1")).isPresent();
    assertThat(tomorrow.report().dailyRemaining()).isEqualTo(1_400);
  }

  @Test
  void concurrentRecordersLoseNoCall() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> futures = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String session = "s" + (i % 4);
      futures.add(pool.submit(() -> new CostGovernor(home, caps, day1)
          .record(session, Purpose.EXTRACTION, true, new TokenUsage(1, 1, 0, 0))));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    UsageReport report = new CostGovernor(home, caps, day1).report();
    assertThat(report.background().calls()).isEqualTo(40);
    assertThat(report.background().total()).isEqualTo(80);
  }

  @Test
  void twoProcessesBookingAtOnceLoseNoCall() throws Exception {
    // Both at once, each read on threads of its own and waited for with a deadline (killed with its children there).
    List<CompletableFuture<ChildProcess.Run>> runs = new ArrayList<>();
    for (String session : List.of("p1", "p2")) {
      ProcessBuilder pb = new ProcessBuilder(ChildProcess.quickJvm("-cp",
          System.getProperty("java.class.path"),
          LedgerWriterProcess.class.getName(), home.toString(), session, "25"))
          .redirectErrorStream(true);
      runs.add(CompletableFuture.supplyAsync(() -> {
        try {
          return ChildProcess.run(pb, "", Duration.ofSeconds(120));
        } catch (Exception e) {
          throw new CompletionException(e);
        }
      }));
    }
    for (CompletableFuture<ChildProcess.Run> run : runs) {
      ChildProcess.Run r = run.join();
      assertThat(r.exit()).as(r.out()).isZero();
    }
    UsageReport report = new CostGovernor(home, caps).report();
    assertThat(report.background().calls()).isEqualTo(50);
    assertThat(report.sessions()).extracting(s -> s.background().total()).containsExactly(275L, 275L);
  }

  @Test
  void corruptLedgerIsReportedAndNotOverwritten() throws Exception {
    Path ledger = HomeLayout.of(home).usageLedger();
    Files.writeString(ledger, "{\"days\": [oops");
    CostGovernor governor = new CostGovernor(home, caps, day1);
    assertThatThrownBy(() -> governor.record("s", Purpose.OTHER, true, TokenUsage.ZERO))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("model-usage.json");
    assertThat(Files.readString(ledger)).isEqualTo("{\"days\": [oops");
  }

  @Test
  void daysOlderThanAMonthAreDropped() throws Exception {
    new CostGovernor(home, caps, day1).record("s", Purpose.OTHER, true, new TokenUsage(1, 0, 0, 0));
    Clock later = Clock.fixed(Instant.parse("2026-07-01T00:00:00Z"), ZoneOffset.UTC);
    new CostGovernor(home, caps, later).record("s", Purpose.OTHER, true, new TokenUsage(1, 0, 0, 0));
    assertThat(Files.readString(HomeLayout.of(home).usageLedger()))
        .doesNotContain("2026-05-11").contains("2026-07-01");
  }
}
