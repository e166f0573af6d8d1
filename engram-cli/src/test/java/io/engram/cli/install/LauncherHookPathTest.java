package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.ChildProcess.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's hook path, run by a real shell against stand-ins for curl and java: the service's answer is
 * printed as it came, a refusal is one line on stderr with exit 1, a service that cannot be reached hands
 * the same stdin to the JVM, a time-out fails without starting one, and no exit is ever 2.
 */
class LauncherHookPathTest {
  @TempDir Path tmp;
  Path bin;
  Path home;
  Path launcher;

  @BeforeEach
  void install() throws Exception {
    bin = Files.createDirectories(tmp.resolve("fake"));
    home = tmp.resolve("home");
    launcher = tmp.resolve("engram");
    Files.writeString(launcher, LauncherScript.text(tmp.resolve("engram.jar"), Path.of("/nowhere/java"), "dev"));
    // The JVM stand-in echoes its stdin and arguments, and exits with $JAVA_EXIT.
    script("java", "read -r line; echo \"java $* <$line>\"; exit ${JAVA_EXIT:-0}");
    Files.createDirectories(home.resolve("service"));
    Files.writeString(home.resolve("service/hook-UserPromptSubmit.curl"), "url = \"http://127.0.0.1:1/\"\n");
  }

  private void script(String name, String body) throws Exception {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Run hook(String event, String stdin, String javaExit) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(List.of("/bin/sh", launcher.toString(), "hook", event));
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    pb.environment().put("ENGRAM_HOME", home.toString());
    pb.environment().put("JAVA_EXIT", javaExit);
    pb.environment().remove("ENGRAM_SERVICE");
    return ChildProcess.run(pb, stdin, Duration.ofSeconds(20));
  }

  @Test
  void theServicesAnswerIsPrintedAsItCameWithoutAJvm() throws Exception {
    script("curl", "cat >/dev/null; printf '%s' '{\"hookSpecificOutput\":{\"additionalContext\":\"Café\"}}200'");
    Run run = hook("UserPromptSubmit", "{\"session_id\":\"s\"}", "0");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("{\"hookSpecificOutput\":{\"additionalContext\":\"Café\"}}\n");
  }

  @Test
  void anEmptyAnswerPrintsNothing() throws Exception {
    script("curl", "cat >/dev/null; printf '200'");
    Run run = hook("UserPromptSubmit", "{}", "0");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aRefusalIsOneLineOnStderrAndExitOne() throws Exception {
    script("curl", "cat >/dev/null; printf 'hook input lacks \"session_id\"422'");
    Run run = hook("UserPromptSubmit", "{}", "0");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("engram hook UserPromptSubmit: hook input lacks \"session_id\"\n");
  }

  @Test
  void whenNothingListensTheJvmGetsTheSameInputAndItsFailureIsExitOneNeverTwo() throws Exception {
    script("curl", "cat >/dev/null; printf '000'; exit 7");
    Run ok = hook("UserPromptSubmit", "{\"session_id\":\"s\"}", "0");
    assertThat(ok.exit()).isZero();
    assertThat(ok.out()).isEqualTo("java -jar " + tmp.resolve("engram.jar") + " hook UserPromptSubmit <{\"session_id\":\"s\"}>\n");
    assertThat(hook("UserPromptSubmit", "{}", "2").exit()).isEqualTo(1);
    assertThat(hook("UserPromptSubmit", "{}", "3").exit()).isEqualTo(1);
  }

  @Test
  void anErrorStatusAlsoFallsBackToTheJvm() throws Exception {
    script("curl", "cat >/dev/null; printf 'internal error500'");
    assertThat(hook("UserPromptSubmit", "{\"session_id\":\"s\"}", "0").out()).startsWith("java -jar ");
  }

  @Test
  void aTimeOutFailsWithoutDoingTheWorkTwice() throws Exception {
    script("curl", "cat >/dev/null; printf '000'; exit 28");
    Run run = hook("UserPromptSubmit", "{}", "0");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("did not answer in time");
  }

  @Test
  void aTimeOutOnAStopOrSessionEndWhichTheServiceQueuesExitsZeroQuietlyWithoutAJvm() throws Exception {
    script("curl", "cat >/dev/null; printf '000'; exit 28");
    for (String event : List.of("SessionEnd", "Stop")) {
      Files.writeString(home.resolve("service/hook-" + event + ".curl"), "url = \"http://127.0.0.1:1/\"\n");
      Run run = hook(event, "{\"session_id\":\"s\"}", "2");
      assertThat(run.exit()).as(event).isZero();
      assertThat(run.out()).as(event).isEmpty();
      assertThat(run.err()).as(event).isEmpty();
    }
  }

  @Test
  void withoutTheServicesFilesTheJvmAnswersAndAnEventWithNoFileToo() throws Exception {
    script("curl", "echo curl should not run >&2; exit 99");
    Run run = hook("Stop", "{\"session_id\":\"s\"}", "2");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).startsWith("java -jar ").contains("hook Stop");
    assertThat(run.err()).doesNotContain("curl should not run");
  }
}
