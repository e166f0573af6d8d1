package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ToolOutputPruningTest {
  static final List<ToolOutputPruning.Output> OUTPUTS =
      List.of(
          new ToolOutputPruning.Output("t3", 5, 300),
          new ToolOutputPruning.Output("t1", 1, 1_000),
          new ToolOutputPruning.Output("t2", 1, 2_000),
          new ToolOutputPruning.Output("t4", 9, 5_000));

  @Test
  void prunesOldestFirstUntilEnoughIsFreed() {
    ToolOutputPruning.Result r = ToolOutputPruning.prune(OUTPUTS, 2_500, 10, 2);
    assertThat(r.pruned()).extracting(ToolOutputPruning.Output::id).containsExactly("t2", "t1");
    assertThat(r.freedTokens()).isEqualTo(3_000);
    assertThat(r.loss().of(LossRecord.Kind.TOOL_OUTPUT)).extracting(LossRecord.Entry::ref).containsExactly("t2", "t1");
  }

  @Test
  void recentMessagesAreProtectedEvenWhenTooLittleIsFreed() {
    ToolOutputPruning.Result r = ToolOutputPruning.prune(OUTPUTS, 100_000, 10, 2);
    assertThat(r.pruned()).extracting(ToolOutputPruning.Output::id).containsExactly("t2", "t1", "t3");
    assertThat(r.freedTokens()).isEqualTo(3_300);
  }

  @Test
  void nothingToFreePrunesNothing() {
    assertThat(ToolOutputPruning.prune(OUTPUTS, 0, 10, 0).pruned()).isEmpty();
  }

  @Property(tries = 200)
  void neverPrunesProtectedOutputsAndStopsOnceEnoughIsFreed(
      @ForAll @Size(max = 30) List<@IntRange(max = 40) Integer> indices,
      @ForAll @IntRange(max = 20_000) int toFree, @ForAll @IntRange(max = 10) int protect) {
    List<ToolOutputPruning.Output> outputs =
        indices.stream().map(i -> new ToolOutputPruning.Output("t" + i, i, 100 + i * 37)).toList();
    ToolOutputPruning.Result r = ToolOutputPruning.prune(outputs, toFree, 41, protect);
    assertThat(r.pruned()).allMatch(o -> o.messageIndex() < 41 - protect);
    long withoutLast = r.freedTokens() - (r.pruned().isEmpty() ? 0 : r.pruned().get(r.pruned().size() - 1).tokens());
    assertThat(withoutLast).isLessThan(Math.max(1, toFree));
  }
}
