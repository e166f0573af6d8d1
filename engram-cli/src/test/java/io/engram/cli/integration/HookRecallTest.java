package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The UserPromptSubmit hook through the command line: on-disk keyword index, recall use written back. */
class HookRecallTest {
  @TempDir Path home;
  @TempDir Path project;

  private CommandRun prompt(String session, String text) {
    String stdin = "{\"session_id\":\"" + session + "\",\"cwd\":\"" + project + "\",\"prompt\":\"" + text + "\"}";
    InputStream before = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      return CommandRun.of("--home", home.toString(), "hook", "UserPromptSubmit");
    } finally {
      System.setIn(before);
    }
  }

  @Test
  void promptHookRecallsFromTheKeywordIndexOnceASessionAndCountsNoUse() throws Exception {
    CommandRun saved = CommandRun.in(home, project, "remember", "--type", "project", "--name", "tests-need-redis",
        "--description", "Integration tests need Redis", "Start redis-server before the integration tests.");
    assertThat(saved.exitCode()).as(saved.err()).isZero();

    CommandRun first = prompt("s1", "how do I run the redis integration tests?");
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out()).contains("tests-need-redis").contains("recalled for this prompt (bm25)");
    CommandRun again = prompt("s1", "redis integration tests again");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).isEmpty();

    List<String> indexes;
    try (Stream<Path> s = Files.walk(home.resolve("projects"), 3)) {
      indexes = s.filter(p -> p.getParent().getFileName().toString().equals("index") && Files.isDirectory(p))
          .map(p -> p.getFileName().toString()).toList();
    }
    assertThat(indexes).containsExactly("bm25");
    Path file = Path.of(JsonOutput.mapper().readTree(CommandRun.in(home, project, "show", "tests-need-redis", "--json")
        .out()).at("/path").asText());
    // Sent without being asked for: not use, so no hotter (a wrong memory would keep winning).
    assertThat(Files.readString(file)).doesNotContain("recallCount").doesNotContain("lastRecalled:");
  }
}
