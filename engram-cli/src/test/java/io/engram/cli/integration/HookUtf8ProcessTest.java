package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import io.engram.cli.EngramCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    ProcessBuilder pb = new ProcessBuilder(List.of(javaBin, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classpath,
        EngramCommand.class.getName(),
        "--home", home.toString(), "hook", "UserPromptSubmit"));
    pb.environment().clear();
    pb.environment().put("ENGRAM_SERVICE", "off");
    Process p = pb.redirectError(ProcessBuilder.Redirect.DISCARD).start();
    p.getOutputStream().write(("{\"session_id\":\"u1\",\"cwd\":\"" + project + "\",\"prompt\":\"Where does the team"
        + " meet, which café?\"}").getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(out).contains("Café Nero", "crème brûlée").doesNotContain("Caf?");
  }
}
