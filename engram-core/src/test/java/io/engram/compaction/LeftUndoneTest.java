package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.ShellCommand;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the cut left undone that the next step names: refused changes, a pull request asked for, and where to look. */
class LeftUndoneTest {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static TranscriptMessage says(String text) {
    return TranscriptMessage.text(Role.ASSISTANT, text);
  }

  private static String next(List<TranscriptMessage> ms) {
    return Conversation.of(ms, 0, 25).state().next();
  }

  // The person asks for a feature; the agent reads six files and changes one.
  private static List<TranscriptMessage> working(String request) {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, request));
    for (String name : List.of("lib.ts", "config.ts", "flags.ts", "plugins.ts", "output.ts", "index.ts")) {
      ms.add(call("r-" + name, "Read", "file_path", "/w/src/" + name));
      ms.add(result("r-" + name, "export {}", false));
    }
    ms.add(call("e1", "Edit", "file_path", "/w/src/flags.ts"));
    ms.add(result("e1", "The file /w/src/flags.ts has been updated successfully.", false));
    return ms;
  }

  @Test
  void changesTheHarnessRefusedAtTheCutAreTheFilesTheAgentTouchesNext() {
    List<TranscriptMessage> ms = working("Resolve the merge conflicts.");
    ms.add(call("w1", "Write", "file_path", "/w/.github/workflows/ci.yml"));
    ms.add(result("w1", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
        true));
    ms.add(call("w2", "Write", "file_path", "/w/install.sh"));
    ms.add(result("w2", "<tool_use_error>Sibling tool call errored</tool_use_error>", true));
    assertThat(next(ms)).contains("The files it touched last: `workflows/ci.yml`, `w/install.sh`, `src/flags.ts`");
  }

  @Test
  void aRefusedChangeRedoneSinceIsNoLongerLeftUndone() {
    List<TranscriptMessage> ms = working("Resolve the merge conflicts.");
    ms.add(call("w1", "Write", "file_path", "/w/.github/workflows/ci.yml"));
    ms.add(result("w1", "<tool_use_error>File has not been read yet.</tool_use_error>", true));
    ms.add(call("r9", "Read", "file_path", "/w/src/lib.ts"));
    ms.add(result("r9", "export {}", false));
    assertThat(next(ms)).doesNotContain("ci.yml");
  }

  @Test
  void aPullRequestAskedForAndNotOpenedIsTheStepAfterThePush() {
    List<TranscriptMessage> ms = working("Let's get this into the develop branch and then reinstall the skills");
    ms.add(says("First, let me push the branch and create a PR:"));
    ms.add(call("p1", "Bash", "command", "git push origin feature/x"));
    ms.add(result("p1", "To https://github.com/a/b.git\n   a39dddc..beb3c6e  feature/x -> feature/x", false));
    assertThat(next(ms)).contains("Then open the pull request: `gh pr create`.");
  }

  @Test
  void aPullRequestOpenedSinceTheRequestIsNotAskedForAgain() {
    List<TranscriptMessage> ms = working("Push and create a pull request");
    ms.add(call("p1", "Bash", "command", "git push -u origin feature/x && gh pr create --title x --body y"));
    ms.add(result("p1", "https://github.com/a/b/pull/7", false));
    assertThat(next(ms)).doesNotContain("pull request: `gh");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Review this PR please", "PR #71 looks fine, thanks", "What does the pull request change?"})
  void aPullRequestOnlyMentionedAsksForNone(String request) {
    List<TranscriptMessage> ms = working(request);
    assertThat(next(ms)).doesNotContain("gh pr create");
  }

  @Test
  void aSessionDrivingGitLabsCliOpensAMergeRequestWithIt() {
    List<TranscriptMessage> ms = working("Open a merge request for this");
    ms.add(call("g1", "Bash", "command", "glab mr list"));
    ms.add(result("g1", "!3 fix", false));
    assertThat(next(ms)).contains("`glab mr create`");
  }

  @Test
  void aRequestThatPointsBackAtTheAgentsReviewNamesTheFilesTheReviewNamed() {
    List<TranscriptMessage> ms = working("Review the branch");
    ms.add(says("Findings:\n1. [P2] `internal/migrate/migrate.go:910`: a failed fetch is dropped silently.\n"
        + "2. `internal/commands/export.go`: the flag is not validated."));
    ms.add(TranscriptMessage.text(Role.USER, "Address the findings"));
    ms.add(call("b1", "Bash", "command", "git checkout -b fix/findings"));
    ms.add(result("b1", "Switched to a new branch 'fix/findings'", false));
    assertThat(next(ms)).contains("It named next, not changed yet: `migrate.go`, `export.go`");
  }

  @Test
  void aRequestNamingItsOwnFilesDoesNotPointBack() {
    List<TranscriptMessage> ms = working("Review the branch");
    ms.add(says("Findings:\n1. `internal/migrate/migrate.go:910`: a failed fetch is dropped silently."));
    ms.add(TranscriptMessage.text(Role.USER, "Leave those, add a flag to cli.ts instead"));
    ms.add(call("b1", "Bash", "command", "git checkout -b feat/flag"));
    ms.add(result("b1", "Switched to a new branch 'feat/flag'", false));
    assertThat(next(ms)).doesNotContain("migrate.go");
  }

  @Test
  void theFilesHandedToASubagentAreNamedAsTheAgentsNext() {
    List<TranscriptMessage> ms = working("Write the implementation plan");
    ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("t1", "Agent", JSON.objectNode()
        .put("subagent_type", "Explore").put("prompt", "Read these files in full:\n1. /w/internal/collector.go\n"
            + "2. /w/internal/import.go — lines 1-200")))));
    ms.add(result("t1", "Here are the files.", false));
    assertThat(next(ms)).contains("It named next, not changed yet: `collector.go`, `import.go`");
  }

  @ParameterizedTest
  @ValueSource(strings = {"$(git rev-parse --git-dir)", "echo $(( $(date +%s) - 1750171200 ))", "[ -f go.mod ]",
      "for f in a b; do echo $f; done", "# build it"})
  void piecesOfAShellLineAreNoCommandsItRanLast(String line) {
    List<TranscriptMessage> ms = working("Tidy the build");
    ms.add(call("b1", "Bash", "command", line));
    ms.add(result("b1", "ok", false));
    String next = next(ms);
    assertThat(next).doesNotContain("The commands it ran last");
    assertThat(ShellCommand.parse(line).stream().filter(SessionCommands::isCommand)
        .map(c -> c.program()).toList()).doesNotContain("$(git", "+%s)", "[", "done", "#");
  }

  @Test
  void aCommandWithItsOwnParenthesesIsStillACommand() {
    assertThat(ShellCommand.parse("go build ./... && make -C build 'all(x)'").stream()
        .allMatch(SessionCommands::isCommand)).isTrue();
  }

  @Test
  void aRecapOfWorkDoneIsNoPlaceARequestPointsBackAt() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Add the verbose flag"));
    ms.add(call("e0", "Edit", "file_path", "/w/src/verbose.ts"));
    ms.add(result("e0", "The file /w/src/verbose.ts has been updated successfully.", false));
    ms.addAll(working("Go on").subList(1, 13));
    ms.add(says("Done: the flag is parsed in `src/verbose.ts` and documented."));
    ms.add(TranscriptMessage.text(Role.USER, "Great, now make the output coloured"));
    ms.add(call("b1", "Bash", "command", "git status"));
    ms.add(result("b1", "clean", false));
    assertThat(next(ms)).doesNotContain("It named next");
  }
}
