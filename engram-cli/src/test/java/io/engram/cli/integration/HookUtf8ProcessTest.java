package io.engram.cli.integration;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import io.engram.cli.EngramCommand;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook's stdout is UTF-8 whatever the locale: run in a process whose environment has no LANG, LC_ALL or
 * LC_CTYPE (Java 17 then takes US-ASCII as its default charset and would print 'Café' as 'Caf?').
 */
class HookUtf8ProcessTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void aHookPrintsUtf8WithNoLocaleInItsEnvironment() throws Exception {
    assertThat(CommandRun.in(home, project, "remember", "--type", "project", "--name", "cafe-next-door",
        "The team meets at the Café Nero next door; order the crème brûlée").exitCode()).isZero();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    ProcessBuilder pb = new ProcessBuilder(ChildProcess.quickJvm("-cp", classpath,
        EngramCommand.class.getName(),
        "--home", home.toString(), "hook", "UserPromptSubmit"));
    pb.environment().clear();
    pb.environment().put("ENGRAM_SERVICE", "off");
    io.engram.testing.ChildProcess.Run run = io.engram.testing.ChildProcess.run(
        pb.redirectError(ProcessBuilder.Redirect.DISCARD), "{\"session_id\":\"u1\",\"cwd\":\"" + project
            + "\",\"prompt\":\"Where does the team meet, which café?\"}", java.time.Duration.ofSeconds(60));
    assertThat(run.exit()).isZero();
    String out = run.out();
    assertThat(out).contains("Café Nero", "crème brûlée").doesNotContain("Caf?");
  }
}
