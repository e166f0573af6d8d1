package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The yardstick a summary's next step is held to: the agent's next calls, however their shell lines are written. */
class NextStepMatchTest {
  private static AfterCompaction ran(String command) {
    return new AfterCompaction(List.of(new AfterCompaction.Call("Bash", command, List.of(), "", false)),
        Optional.empty(), List.of(), List.of(), Optional.empty());
  }

  @Test
  void aNextStepQuotingTheChecksToRunNamesTheCommandAndTheCheck() {
    // the next step the offline compactor writes after a change (LiveWorkTest in engram-core)
    String next = "Make the importer skip blank rows. Last touched: `importer/rows.go`. Then run"
        + " `mise run lint && mise run test`. Now let me run the tests.";
    assertThat(NextStepMatch.why(next, ran("mise run test"))).contains("command mise run test", "check test");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git add a.go && git commit -m \"$(cat <<'EOF'\nFix the importer; keep 'x' | y\n\nCo-Authored-By: A <a@b>\nEOF\n)\"",
      "git add a.go && git commit -m \"$(cat <<'EOF' ...\n)\"",
      "cat <<'EOF' | git commit -F -\nFix the importer\nEOF",
      "cat <<EOF2 | git commit -F -\nFix the importer\nEOF2",
      "git commit -F - <<-\"MSG\" && git push\n\tFix the importer\n\tMSG",
      "git -C /w/repo commit -F - <<'EOF'\nFix\nEOF",
      "git commit -F - <<< \"Fix the importer\""})
  void aCommitWrittenThroughAHeredocIsACommit(String command) {
    assertThat(NextStepMatch.why("Commit the importer fix.", ran(command))).contains("check commit");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "gh pr create --title \"Handle merge commits\" --body \"$(cat <<'EOF'\n## Summary\n- git commit -m x\nEOF\n)\"",
      "cat >> notes_test.go << 'EOF'\n// commit the change\ngit commit -am wip\nEOF"})
  void aCommitOnlyInAHeredocsTextIsNoCommit(String command) {
    assertThat(NextStepMatch.why("Commit the importer fix.", ran(command))).doesNotContain("check commit");
  }
}
