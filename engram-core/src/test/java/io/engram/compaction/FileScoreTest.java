package io.engram.compaction;

import static io.engram.transcript.FileOperation.EDIT;
import static io.engram.transcript.FileOperation.READ;
import static io.engram.transcript.FileOperation.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.engram.transcript.FileOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FileScoreTest {
  static final Instant NOW = Instant.parse("2026-05-12T12:00:00Z");

  @ParameterizedTest
  @CsvSource({"0, 100", "1, 100", "1.01, 90", "6, 90", "6.5, 75", "24, 75", "1000, 10"})
  void timeScoreBands(double hours, double expected) {
    assertThat(FileScore.timeScore(hours)).isEqualTo(expected);
  }

  @Test
  void timeScoreDecaysAfterADayToAFloorOfTen() {
    // 34 h: 75 e^-1 = 27.591...
    assertThat(FileScore.timeScore(34)).isCloseTo(75 * Math.exp(-1), within(1e-9));
    assertThat(FileScore.timeScore(34)).isCloseTo(27.591, within(1e-3));
    // 44.15 h: 75 e^-2.015 = 10.0 (the floor takes over just after).
    assertThat(FileScore.timeScore(50)).isEqualTo(10.0);
  }

  @ParameterizedTest
  @CsvSource({"0, 0, 0", "3, 0, 15", "3, 1, 25", "16, 0, 80", "20, 0, 80", "3, 2, 35", "3, 5, 35", "30, 5, 100"})
  void frequencyScoreCaps(int all, int lastHour, double expected) {
    assertThat(FileScore.frequencyScore(all, lastHour)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"1, 0, 0, WRITE, 41", "0, 2, 1, EDIT, 53", "0, 0, 4, READ, 27", "2, 3, 10, READ, 77",
      "10, 10, 10, WRITE, 180"})
  void operationScoreWithLastOperationBonus(int writes, int edits, int reads, FileOperation last, double expected) {
    // 15 + w + 10e + 3r + (25 write | 15 edit | 0 read); no cap (the formula has none).
    assertThat(FileScore.operationScore(writes, edits, reads, last)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "Foo.java, 100", "web/app.ts, 100", "db/schema.sql, 90", "run.sh, 85", "site/index.html, 75",
    "pom.xml, 70", "Dockerfile, 70", "config/app.yaml, 60", ".env, 60", "yarn.lock, 50",
    "README.md, 45", "docs/guide.md, 40", "notes.txt, 30", "LICENSE, 20", "logo.png, 30", "NOEXT, 30"
  })
  void fileTypeTable(String path, double expected) {
    assertThat(FileScore.fileTypeScore(path)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "notes.txt, 50",
    "src/util.py, 80",
    "src/components/Button.tsx, 100",
    "packages/ui/widget.ts, 70",
    "tests/test_util.py, 60",
    "src/test/java/io/x/FooTest.java, 90",
    "pom.xml, 75",
    "src/main.rs, 100",
    "C:\\repo\\src\\index.ts, 100",
    "docs/src, 50"
  })
  void relevanceBonuses(String path, double expected) {
    assertThat(FileScore.relevanceScore(path)).isEqualTo(expected);
  }

  @Test
  void handComputedTotal() {
    FileUsage usage =
        new FileUsage(
            "src/main/java/io/engram/App.java",
            List.of(
                new DatedOperation(READ, NOW.minus(Duration.ofHours(3))),
                new DatedOperation(READ, NOW.minus(Duration.ofMinutes(150))),
                new DatedOperation(EDIT, NOW.minus(Duration.ofMinutes(130))),
                new DatedOperation(EDIT, NOW.minus(Duration.ofMinutes(120)))));
    FileScore s = FileScore.of(usage, NOW);
    // last op 2 h ago: TS 90; 4 ops, none in the last hour: FS 20; OS 15 + 0 + 20 + 6 + 15 (edit) = 56;
    // FTS java 100; RS 50 + 30 (src) + 25 (App stem) = 105 -> 100.
    assertThat(s.time()).isEqualTo(90);
    assertThat(s.frequency()).isEqualTo(20);
    assertThat(s.operations()).isEqualTo(56);
    assertThat(s.fileType()).isEqualTo(100);
    assertThat(s.relevance()).isEqualTo(100);
    // 0.35*90 + 0.25*20 + 0.2*56 + 0.15*100 + 0.05*100 = 31.5 + 5 + 11.2 + 15 + 5 = 67.7
    assertThat(s.total()).isCloseTo(67.7, within(1e-9));
  }

  @Test
  void recentWriteCountsTowardsTheLastHourAndTheWriteBonus() {
    FileUsage usage =
        new FileUsage(
            "notes.txt",
            List.of(new DatedOperation(WRITE, NOW.minus(Duration.ofMinutes(10))),
                new DatedOperation(READ, NOW.minus(Duration.ofHours(30)))));
    FileScore s = FileScore.of(usage, NOW);
    // TS 100; FS min(80,10) + min(20,10) = 20; OS 15 + 1 + 3 + 25 = 44; FTS 30; RS 50.
    assertThat(s.total()).isCloseTo(0.35 * 100 + 0.25 * 20 + 0.2 * 44 + 0.15 * 30 + 0.05 * 50, within(1e-9));
  }

  @Test
  void usageNeedsAPathAndOperations() {
    assertThatThrownBy(() -> new FileUsage("a.txt", List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a.txt");
    assertThatThrownBy(() -> new FileUsage(" ", List.of(new DatedOperation(READ, NOW))))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
