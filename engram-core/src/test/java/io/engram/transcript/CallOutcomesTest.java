package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CallOutcomesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyAnswerIsTheOneTheStaticMethodsGiveOnTheRealSessions() throws IOException {
    for (String name : List.of("258c7280-ae70-4798-800f-63464d01a85d.jsonl", "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl")) {
      List<TranscriptMessage> messages =
          TranscriptReader.read(TestResources.path("transcripts/claude-code/" + name)).messages();
      CallOutcomes calls = CallOutcomes.of(messages);
      java.util.Map<String, ContentBlock.ToolResult> results = new java.util.HashMap<>();
      messages.forEach(m -> m.toolResults().forEach(r -> results.put(r.toolUseId(), r)));
      int failed = 0;
      for (TranscriptMessage m : messages) {
        for (ContentBlock.ToolUse use : m.toolUses()) {
          ContentBlock.ToolResult r = results.get(use.id());
          boolean expected = r != null && ErrorFix.failed(use, r);
          // Asked twice: the second answer comes from what the first worked out.
          assertThat(calls.failed(use)).isEqualTo(expected);
          assertThat(calls.failed(use)).isEqualTo(expected);
          assertThat(calls.worked(use)).isEqualTo(r != null && !expected);
          assertThat(calls.commands(use)).isEqualTo(ShellCommand.parse(use.inputText("command")));
          if (expected) {
            failed++;
            for (int max = 1; max <= 5; max++) {
              assertThat(calls.keyLines(r.text(), max)).isEqualTo(FailureSignals.keyLines(r.text(), max));
            }
          }
        }
      }
      assertThat(failed).isPositive();
      assertThat(ErrorFix.of(messages, calls)).isEqualTo(ErrorFix.of(messages));
    }
  }

  @Test
  void aResultIsFoundWhereverItComesAndACallWithoutOneNeitherFailedNorWorked() {
    ContentBlock.ToolUse test = bash("t1", "mix test");
    ContentBlock.ToolUse pending = bash("t2", "mix compile");
    List<TranscriptMessage> messages = List.of(
        TranscriptMessage.of(Role.ASSISTANT, List.of(test, pending)),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.Text("a prompt queued in between"))),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t1", "5 tests, 2 failures", false))));
    CallOutcomes calls = CallOutcomes.of(messages);
    assertThat(calls.result(test)).isPresent();
    assertThat(calls.failed(test)).isTrue();
    assertThat(calls.worked(test)).isFalse();
    assertThat(calls.result(pending)).isEmpty();
    assertThat(calls.failed(pending)).isFalse();
    assertThat(calls.worked(pending)).isFalse();
  }

  @Test
  void anotherCallWithTheSameResultIsJudgedOnItsOwn() {
    // The same output from a command that only looks is not a failure: the answer kept for one call is not
    // given for another.
    ContentBlock.ToolResult out = new ContentBlock.ToolResult("t1", "error: undefined function get/2", false);
    CallOutcomes calls = CallOutcomes.of(List.of(TranscriptMessage.of(Role.USER, List.of(out))));
    assertThat(calls.failed(bash("t1", "mix test"), out)).isTrue();
    assertThat(calls.failed(bash("t1", "grep -rn error lib"), out)).isFalse();
  }

  @Test
  void everyKindOfFailureLineIsStillFoundWhereTheOutputIsSearched() {
    // One line per alternative of the failure pattern: each holds one of the words outputs are searched for first.
    List<String> failures = List.of("** (CompileError) lib/a.ex:3: undefined", "  java.io.IOException: disk full",
        "13 tests, 2 failures", "Total errors: 3, Skipped: 0", "error[E0308]: mismatched types",
        "fatal: not a git repository", "[INFO] BUILD FAILURE", "FAILURE: Build failed with an exception.",
        "npm ERR! code ELIFECYCLE", "Traceback (most recent call last):", "thread 'main' panicked at src/main.rs:2",
        "FAIL src/app.test.js", "COMPILATION ERROR :", "Could not compile dependency :jason", "Segmentation fault (core dumped)",
        "Found 3 code readability issues.", "\u2716 2 problems (2 errors, 0 warnings)");
    ContentBlock.ToolUse run = bash("t1", "make check");
    for (String line : failures) {
      String output = "Compiling 4 files\n" + line + "\ndone";
      assertThat(FailureSignals.failed(run, new ContentBlock.ToolResult("t1", output, false))).as(line).isTrue();
    }
    assertThat(FailureSignals.failed(run, new ContentBlock.ToolResult("t1", "Compiling 4 files\nGenerated app", false)))
        .isFalse();
  }

  @Property(tries = 200)
  void fewerKeyLinesAreAPrefixOfMore(@ForAll("errorOutputs") String output, @ForAll @IntRange(min = 0, max = 7) int max) {
    CallOutcomes calls = CallOutcomes.of(List.of());
    calls.keyLines(output, 5);
    assertThat(calls.keyLines(output, max)).isEqualTo(FailureSignals.keyLines(output, max));
  }

  @Provide
  Arbitrary<String> errorOutputs() {
    Arbitrary<String> line = Arbitraries.of(
        "Exit code 1", "** (CompileError) lib/a.ex: cannot compile module A (errors have been logged)",
        "error: undefined function get/2 (expected A to define such a function)", "warning: unused variable x",
        "[FORMAT] Code is not formatted.", "13 tests, 1 failure", "Compiling 4 files (.ex)", "",
        "  └─ test/a_test.exs:12: A.\"test x\"/1", "fatal: not a git repository", "Prefer using an implicit `try`",
        "[ERROR] Tests run: 3, Failures: 1", "ok", "no such file or directory: foo.txt");
    return line.list().ofMaxSize(12).map(lines -> String.join("\n", lines));
  }

  private static ContentBlock.ToolUse bash(String id, String command) {
    return new ContentBlock.ToolUse(id, "Bash", JSON.createObjectNode().put("command", command));
  }
}
