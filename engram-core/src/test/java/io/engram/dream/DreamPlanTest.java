package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DreamPlanTest {

  @Test
  void touchedPathsCoverEveryEditOfEveryChange() {
    DreamPlan plan =
        new DreamPlan(
            List.of(
                new DreamChange.Merge("a.md", "A\n", "A\nB\n",
                    List.of(new FileEdit("b.md", Optional.of("B\n"), Optional.empty())), "similarity 0.90"),
                new DreamChange.Update("a.md", "A\nB\n", "A (2026-05-11)\nB\n", "absolute dates"),
                new DreamChange.IndexPrune("MEMORY.md", "- [a](a.md)\n- [b](b.md)\n", "- [a](a.md)\n", List.of())));
    assertThat(plan.touchedPaths()).containsExactly("MEMORY.md", "a.md", "b.md");
    assertThat(plan.counts()).containsEntry("merge", 1).containsEntry("update", 1).containsEntry("indexprune", 1);
    assertThat(plan.netEdits())
        .containsExactly(
            new FileEdit("MEMORY.md", Optional.of("- [a](a.md)\n- [b](b.md)\n"), Optional.of("- [a](a.md)\n")),
            new FileEdit("a.md", Optional.of("A\n"), Optional.of("A (2026-05-11)\nB\n")),
            new FileEdit("b.md", Optional.of("B\n"), Optional.empty()));
    assertThat(plan.isEmpty()).isFalse();
  }

  @Test
  void changesToOneFileMustChain() {
    assertThatThrownBy(
            () ->
                new DreamPlan(
                    List.of(
                        new DreamChange.Update("a.md", "A\n", "A2\n", "one"),
                        new DreamChange.Update("a.md", "A\n", "A3\n", "two"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a.md");
  }

  @Test
  void createdThenTrashedFileLeavesNoNetEdit() {
    DreamPlan plan =
        new DreamPlan(List.of(new DreamChange.Create("t.md", "x\n", "new"), new DreamChange.Trash("t.md", "x\n", "dup")));
    assertThat(plan.netEdits()).isEmpty();
    assertThat(DreamPlan.EMPTY.isEmpty()).isTrue();
  }

  @Test
  void mergeSourcesMustGoToTheTrash() {
    assertThatThrownBy(
            () -> new DreamChange.Merge("a.md", "A", "AB", List.of(new FileEdit("b.md", Optional.of("B"), Optional.of("B"))), "similarity 1.00"))
        .hasMessageContaining("b.md");
  }
}
