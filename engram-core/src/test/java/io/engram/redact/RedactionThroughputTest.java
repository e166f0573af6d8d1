package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Throughput of the standard redactor against the one it replaced ({@link BaselineRedactor}), measured in
 * the same run on the same text: the real transcript fixtures (5.7 MB of Claude Code JSONL), redacted line by
 * line as the engines redact messages, and as one block. Figures go to docs/BENCHMARKS.md.
 */
class RedactionThroughputTest {
  private static final int ROUNDS = 5;

  @Test
  void redactionKeepsPaceWithTheRedactorItReplaced() throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/transcripts"))) {
      for (Path p : s.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
        lines.addAll(Files.readAllLines(p));
      }
    }
    String block = String.join("\n", lines);
    double mb = block.length() / 1_000_000.0;
    SecretRedactor standard = SecretRedactor.standard();
    BaselineRedactor baseline = BaselineRedactor.standard();
    UnaryOperator<String> now = t -> standard.redact(t).text();
    UnaryOperator<String> before = t -> baseline.redact(t).text();

    double nowLines = mbPerSecond(lines, now, mb);
    double beforeLines = mbPerSecond(lines, before, mb);
    double nowBlock = mbPerSecond(List.of(block), now, mb);
    double beforeBlock = mbPerSecond(List.of(block), before, mb);
    System.out.printf("redaction throughput on %.1f MB of real transcripts, %d detectors (before: %d rules):%n",
        mb, standard.ruleCount(), BaselineRedactor.ALL.size());
    System.out.printf("  line by line: %.1f MB/s (before %.1f MB/s, %.2fx)%n", nowLines, beforeLines, nowLines / beforeLines);
    System.out.printf("  one block:    %.1f MB/s (before %.1f MB/s, %.2fx)%n", nowBlock, beforeBlock, nowBlock / beforeBlock);
    // Ratios in one run hold on a busy machine where absolute figures do not.
    assertThat(nowLines / beforeLines).as("line by line, against the redactor it replaced").isGreaterThan(0.5);
    assertThat(nowBlock / beforeBlock).as("one block, against the redactor it replaced").isGreaterThan(0.5);
  }

  /** The best of {@link #ROUNDS} timed passes over {@code texts}, after one warm-up pass. */
  private static double mbPerSecond(List<String> texts, UnaryOperator<String> redact, double mb) {
    long sink = 0;
    for (String t : texts) {
      sink += redact.apply(t).length();
    }
    long best = Long.MAX_VALUE;
    for (int round = 0; round < ROUNDS; round++) {
      long start = System.nanoTime();
      for (String t : texts) {
        sink += redact.apply(t).length();
      }
      best = Math.min(best, System.nanoTime() - start);
    }
    assertThat(sink).isPositive();
    return mb / (best / 1e9);
  }
}
