package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.dream.RemovedLine.Reason;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IndexPrunerTest {
  private static final IndexPruner PRUNER = IndexPruner.of(EngramSettings.DEFAULTS);

  @Test
  void pointersToMissingFilesAndDuplicatesAreDropped() {
    String index =
        "# Memory\n\n- [Redis](testing-redis.md) - tests need Redis\n- [Gone](gone.md) - deleted by hand\n"
            + "- [Redis again](./testing-redis.md#setup) - same file\n\n\n- [Docs](https://example.com/x.md) - web\n";
    PrunedIndex pruned = PRUNER.prune(index, Set.of("testing-redis.md")::contains, Map.of());
    assertThat(pruned.text())
        .isEqualTo("# Memory\n\n- [Redis](testing-redis.md) - tests need Redis\n\n- [Docs](https://example.com/x.md) - web\n");
    assertThat(pruned.removed()).extracting(RemovedLine::lineNumber, RemovedLine::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(4, Reason.MISSING_FILE),
            org.assertj.core.groups.Tuple.tuple(5, Reason.DUPLICATE),
            org.assertj.core.groups.Tuple.tuple(7, Reason.BLANK_RUN));
  }

  @Test
  void overTheLineLimitTheLeastRecentlyUpdatedPointersGo() {
    StringBuilder index = new StringBuilder("# Memory\n");
    for (int i = 0; i < 250; i++) {
      index.append("- [m").append(i).append("](m").append(i).append(".md) - hook\n");
    }
    Map<String, Instant> updated = new java.util.HashMap<>();
    for (int i = 0; i < 250; i++) {
      updated.put("m" + i + ".md", Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i * 60L));
    }
    updated.remove("m200.md");
    PrunedIndex pruned = PRUNER.prune(index.toString(), f -> true, updated);
    assertThat(pruned.lines()).hasSize(200);
    assertThat(pruned.lines().get(0)).isEqualTo("# Memory");
    assertThat(pruned.text()).doesNotContain("(m200.md)").doesNotContain("(m0.md)").contains("(m249.md)");
    assertThat(pruned.removed()).hasSize(51).allMatch(r -> r.reason() == Reason.OVER_LIMIT);
  }

  @Test
  void byteLimitAlsoApplies() {
    String index = "- [a](a.md) - " + "x".repeat(60) + "\n- [b](b.md) - " + "y".repeat(60) + "\n";
    PrunedIndex pruned =
        new IndexPruner(200, 100).prune(index, f -> true, Map.of("a.md", Instant.EPOCH, "b.md", Instant.EPOCH.plusSeconds(1)));
    assertThat(pruned.lines()).hasSize(1);
    assertThat(pruned.lines().get(0)).startsWith("- [b](b.md)");
  }

  @Test
  void untouchedIndexIsUnchanged() {
    String index = "- [a](a.md) - hook\n";
    PrunedIndex pruned = PRUNER.prune(index, f -> true, Map.of());
    assertThat(pruned.changed()).isFalse();
    assertThat(pruned.text()).isEqualTo(index);
  }

  @Test
  void aBlankLineLeftLastByACutGoesTooSoPruningAgainChangesNothing() {
    // The counter-example jqwik shrank pruningTwiceIsPruningOnce to (seed -4257688591257652563).
    String first = "npmnpmnpmnpm uses  uses no longerno longerno longerno longerno longerno longerno longer";
    IndexPruner pruner = new IndexPruner(5, 120);
    PrunedIndex once = pruner.prune(first + "\n\nTests need RedisTests need Redis", f -> f.startsWith("a"), Map.of());
    assertThat(once.text()).isEqualTo(first + "\n");
    assertThat(once.removed()).extracting(RemovedLine::lineNumber, RemovedLine::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(2, Reason.BLANK_RUN),
            org.assertj.core.groups.Tuple.tuple(3, Reason.OVER_LIMIT));
    assertThat(pruner.prune(once.text(), f -> f.startsWith("a"), Map.of()).changed()).isFalse();
  }

  @Test
  void blankLinesADroppedPointerLeavesFirstOrSideBySideGoToo() {
    IndexPruner twoLines = new IndexPruner(2, 1000);
    PrunedIndex leading = twoLines.prune("- [a](a.md) - hook\n\n# Notes\n", f -> true, Map.of());
    assertThat(leading.text()).isEqualTo("# Notes\n");
    assertThat(twoLines.prune(leading.text(), f -> true, Map.of()).changed()).isFalse();

    IndexPruner fourLines = new IndexPruner(4, 1000);
    PrunedIndex middle = fourLines.prune("# A\n\n- [a](a.md)\n\n# B\n", f -> true, Map.of());
    assertThat(middle.text()).isEqualTo("# A\n\n# B\n");
    assertThat(middle.removed()).extracting(RemovedLine::lineNumber, RemovedLine::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(3, Reason.OVER_LIMIT),
            org.assertj.core.groups.Tuple.tuple(4, Reason.BLANK_RUN));
  }

  @Test
  void linesEndWhereTheLoaderEndsThemSoUnicodeSeparatorsStayInsideALine() {
    String index = "- [a](a.md) - one\u2028two\u0085three\r\n\u2028\n- [b](b.md) - hook\r";
    PrunedIndex pruned = PRUNER.prune(index, f -> true, Map.of());
    assertThat(pruned.lines())
        .containsExactly("- [a](a.md) - one\u2028two\u0085three", "\u2028", "- [b](b.md) - hook");
    assertThat(pruned.changed()).isFalse();
    assertThat(pruned.lines()).hasSize(io.engram.memory.IndexText.of(index, 200, 25_000).totalLines());
  }

  @Test
  void pointerTargetIsTheFirstLocalLink() {
    assertThat(IndexPruner.target("- [web](http://x.io) then [local](./dir/f%20g.md#h)")).contains("dir/f g.md");
    assertThat(IndexPruner.target("plain text")).isEmpty();
  }
}
