package io.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class DreamBenchTest {
  private static final List<String> TEXTS = List.of("The service port is 8080.", "The service port is 8080!",
      "The service port is 9090.", "Ana started learning the cello last month.",
      "Ana started learning the cello last month, online.", "记住 端口 是 8080", "记住端口是8080", "one", "One.");

  @Property
  void theBaselinesShinglesGiveTheDetectorsSimilarity(@ForAll String a, @ForAll String b) {
    assertThat(jaccard(DreamBench.shingles(a), DreamBench.shingles(b))).isEqualTo(NearDuplicates.similarity(a, b));
  }

  @Test
  void theExhaustiveBaselineFindsThePairsTheDetectorFinds() {
    List<MemoryText> memories = new ArrayList<>();
    Instant at = Instant.parse("2026-01-01T00:00:00Z");
    for (String text : TEXTS) {
      at = at.plusSeconds(60);
      memories.add(new MemoryText("m" + memories.size(), text, at));
    }
    assertThat(DreamBench.exhaustive(memories, 0.8)).isEqualTo(new NearDuplicates(0.8).find(memories).size())
        .isPositive();
  }

  @Test
  void theHarnessesRunOnAFileInLocomosShape() throws Exception {
    Path data = Path.of(getClass().getResource("/locomo-shaped.json").toURI());
    String dream = captured(() -> DreamBench.main(new String[] {data.toString()}));
    assertThat(dream).contains("near-duplicates: 8 memories, 1 pairs (baseline 1)", "relative dates: 4 turns",
        "contradictions: 8 memories");
    String run = captured(() -> DreamRunBench.main(new String[] {data.toString(), "8"}));
    assertThat(run).contains("dream over", "dry-run plan equals applied plan: true");
  }

  interface Harness {
    void run() throws Exception;
  }

  private static String captured(Harness harness) throws Exception {
    PrintStream before = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      harness.run();
    } finally {
      System.setOut(before);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static double jaccard(Set<String> a, Set<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0.0;
    }
    Set<String> common = new java.util.HashSet<>(a);
    common.retainAll(b);
    return (double) common.size() / (a.size() + b.size() - common.size());
  }
}
