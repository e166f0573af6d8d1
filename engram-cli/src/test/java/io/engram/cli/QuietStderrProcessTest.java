package io.engram.cli;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A normal command prints nothing on stderr, in a process of its own: no library logging (SLF4J's "no
 * providers" warnings came with every command that loaded the embeddings or the MCP SDK).
 */
class QuietStderrProcessTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void recallWithVectorsPrintsNothingOnStderr() throws Exception {
    assertThat(CommandRun.in(home, project, "remember", "--type", "project", "--name", "tests-need-redis",
        "The integration tests need a local Redis on 6379").exitCode()).isZero();
    Result recall = engram("recall", "what do the tests need?");
    assertThat(recall.exitCode()).as(recall.err()).isZero();
    assertThat(recall.out()).contains("tests-need-redis");
    assertThat(recall.err()).isEmpty();
  }

  private record Result(int exitCode, String out, String err) {}

  private Result engram(String... args) throws Exception {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = ChildProcess.quickJvm("-cp", classpath,
        EngramCommand.class.getName(),
        "--home", home.toString(), "--project", project.toString());
    command.addAll(List.of(args));
    ChildProcess.Run run = ChildProcess.run(
        new ProcessBuilder(command), "", java.time.Duration.ofSeconds(60));
    return new Result(run.exit(), run.out(), run.err());
  }
}
