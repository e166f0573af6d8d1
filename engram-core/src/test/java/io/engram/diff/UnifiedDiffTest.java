package io.engram.diff;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

  @Test
  void equalTextsHaveNoDiff() {
    assertThat(UnifiedDiff.diff("a", "b", "x\ny\n", "x\ny\n", 3)).isEmpty();
  }

  @Test
  void aChangedLineIsOneHunkWithContext() {
    String old = "1\n2\n3\n4\n5\n6\n7\n8\n";
    String now = "1\n2\n3\n4\nfive\n6\n7\n8\n";
    assertThat(UnifiedDiff.diff("old", "new", old, now, 2))
        .isEqualTo("--- old\n+++ new\n@@ -3,5 +3,5 @@\n 3\n 4\n-5\n+five\n 6\n 7\n");
  }

  @Test
  void distantChangesAreSeparateHunks() {
    StringBuilder old = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      old.append(i).append('\n');
    }
    String now = old.toString().replace("2\n", "two\n").replace("19\n", "nineteen\n");
    String diff = UnifiedDiff.diff("o", "n", old.toString(), now, 1);
    assertThat(diff).contains("@@ -1,3 +1,3 @@").contains("@@ -18,3 +18,3 @@");
  }

  @Test
  void fromEmptyEveryLineIsAdded() {
    assertThat(UnifiedDiff.diff("o", "n", "", "a\nb\n", 3)).isEqualTo("--- o\n+++ n\n@@ -0,0 +1,2 @@\n+a\n+b\n");
  }
}
