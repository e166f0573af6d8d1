package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.TestResources;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DerivedViewsTest {

  @Test
  void fileActivityCountsToolAndShellOperationsResolvedAgainstTheWorkingDirectory() throws IOException {
    Transcript t = TranscriptReader.read(TranscriptReaderTest.resource("synthetic-session.jsonl"));
    List<FileActivity> files = FileActivity.of(t.messages());
    assertThat(files).extracting(FileActivity::path).containsExactly("/repo/app/build.log", "/repo/src/Foo.java");
    FileActivity foo = files.get(1);
    assertThat(foo.reads()).isEqualTo(1);
    assertThat(foo.edits()).isEqualTo(1);
    assertThat(foo.writes()).isZero();
    assertThat(foo.lastOperation()).isEqualTo(FileOperation.EDIT);
    assertThat(foo.firstTouched()).contains(Instant.parse("2026-01-01T10:01:00Z"));
    assertThat(foo.lastTouched()).contains(Instant.parse("2026-01-01T10:03:00Z"));
    assertThat(files.get(0).lastOperation()).isEqualTo(FileOperation.WRITE);
  }

  // Independently counted with Python: Read/Edit/Write calls per file_path, errored calls excluded.
  @Test
  void fileActivityOnTheLongSessionMatchesTheToolCalls() throws IOException {
    Transcript t = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl"));
    FileActivity live = FileActivity.of(t.messages()).stream()
        .filter(f -> f.path().endsWith("lib/spotter_web/live/project_review_live.ex")).findFirst().orElseThrow();
    assertThat(live.edits()).isEqualTo(7);
    assertThat(live.reads()).isEqualTo(3);
    assertThat(live.writes()).isEqualTo(1);
  }

  @Test
  void shellCommandsThatObviouslyTouchFilesAreRecognised() {
    assertThat(ShellFileCommands.operations("cat a.txt | grep x > out.txt && sed -i 's/a/b/' conf.yml"))
        .containsEntry("a.txt", FileOperation.READ)
        .containsEntry("out.txt", FileOperation.WRITE)
        .containsEntry("conf.yml", FileOperation.EDIT);
    assertThat(ShellFileCommands.operations("cd web && tail -n 20 log/dev.log 2>/dev/null"))
        .containsOnlyKeys("web/log/dev.log");
    assertThat(ShellFileCommands.operations("echo $HOME > ~/x.txt; cp *.md docs/; ls -la")).containsOnlyKeys("~/x.txt");
    assertThat(ShellFileCommands.operations("mix test")).isEmpty();
  }

  @Test
  void searchingOneFileReadsItAndSearchingADirectoryReadsNothing() {
    assertThat(ShellFileCommands.operations("grep -n \"transcript\" assets/css/app.css lib/"))
        .containsOnlyKeys("assets/css/app.css");
    assertThat(ShellFileCommands.operations("rg -l TODO src && grep -rn flash lib/web")).isEmpty();
    // With -e the first operand is not the pattern: nothing is guessed.
    assertThat(ShellFileCommands.operations("grep -e foo -e bar notes.md")).isEmpty();
    TranscriptMessage grep = TranscriptMessage.builder(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("g1", "Grep",
        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("pattern", "transcript")
            .put("path", "/repo/priv/static/app.css")))).build();
    TranscriptMessage dir = TranscriptMessage.builder(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("g2", "Grep",
        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("pattern", "x").put("path", "/repo/lib"))))
        .build();
    assertThat(FileActivity.of(List.of(grep, dir))).singleElement().satisfies(f -> {
      assertThat(f.path()).isEqualTo("/repo/priv/static/app.css");
      assertThat(f.reads()).isEqualTo(1);
    });
  }

  @Test
  void anErrorIsPairedWithTheLaterSuccessOfTheSameCommand() throws IOException {
    Transcript t = TranscriptReader.read(TranscriptReaderTest.resource("synthetic-session.jsonl"));
    assertThat(ErrorFix.of(t.messages())).singleElement().satisfies(e -> {
      assertThat(e.call().id()).isEqualTo("t1");
      assertThat(e.error()).startsWith("BUILD FAILURE");
      assertThat(e.errorIndex()).isEqualTo(3);
      assertThat(e.fix()).hasValueSatisfying(f -> {
        assertThat(f.call().id()).isEqualTo("t5");
        assertThat(f.resultIndex()).isEqualTo(10);
      });
      assertThat(e.messageIndexes()).containsExactly(2, 3, 9, 10);
    });
  }

  @Test
  void errorsOfTheRealSessionsAreAllFound() throws IOException {
    // is_error tool results counted with jq: 7 and 12; the second session also has 5 runs whose output shows
    // a failure the tool did not flag (`mix test | tail` with 11 failures, `mix credo | head` findings,
    // `mix dialyzer | tail` "can never match")
    assertThat(ErrorFix.of(TranscriptReader.read(
        TestResources.path("transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl")).messages())).hasSize(7);
    assertThat(ErrorFix.of(TranscriptReader.read(
        TestResources.path("transcripts/claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl")).messages())).hasSize(17);
  }

  @Test
  void theTodoListIsTheLastTodoWrite() throws IOException {
    Transcript t = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/claude-code-log__todowrite_examples.jsonl"));
    TodoList todos = TodoList.latest(t.messages());
    assertThat(todos.items()).hasSize(6);
    assertThat(todos.items()).extracting(TodoList.Todo::status)
        .containsExactly("completed", "completed", "in_progress", "pending", "pending", "pending");
    assertThat(todos.open()).hasSize(4);
    assertThat(todos.updatedAt()).contains(Instant.parse("2025-06-14T10:04:00Z"));
  }

  @Test
  void malformedTodoEntriesAreSkippedAndNoTodoWriteMeansEmpty() throws IOException {
    Transcript edge = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/claude-code-log__edge_cases.jsonl"));
    assertThat(TodoList.latest(edge.messages()).items()).hasSize(4)
        .extracting(TodoList.Todo::content).doesNotContain("broken_todo");
    assertThat(TodoList.latest(List.of(TranscriptMessage.text(Role.USER, "hi")))).isEqualTo(TodoList.empty());
    Transcript syn = TranscriptReader.read(TranscriptReaderTest.resource("synthetic-session.jsonl"));
    assertThat(TodoList.latest(syn.messages()).open()).singleElement()
        .satisfies(todo -> assertThat(todo.activeForm()).contains("Running the tests"));
  }
}
