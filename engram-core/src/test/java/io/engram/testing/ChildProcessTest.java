package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.engram.testing.ChildProcess.Run;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The child-process runner never hangs a test: a child (a launcher, a JVM, a script) that hangs with its stdout open
 * is killed with its children at the deadline and the test fails with what it had printed; one that never reads its
 * stdin is not waited for either; a child read line by line that falls silent fails the wait at its deadline.
 */
class ChildProcessTest {
  private static final Path SH = Path.of("/bin/sh");

  @TempDir Path tmp;

  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aHungLauncherIsKilledWithItsChildrenAndTheTestFailsWithWhatItPrinted() throws Exception {
    assumeTrue(Files.isExecutable(SH), "a POSIX shell is needed");
    Path pidFile = tmp.resolve("child.pid");
    // Prints, starts a child that keeps stdout open, and waits for it: what a launcher stuck on its service does.
    ProcessBuilder pb = new ProcessBuilder(SH.toString(), "-c",
        "echo 'half an answer'; echo 'a complaint' >&2; sleep 600 & echo $! > '" + pidFile + "'; wait");

    long start = System.nanoTime();
    assertThatThrownBy(() -> ChildProcess.run(pb, "", Duration.ofSeconds(2)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("did not end within PT2S")
        .hasMessageContaining("half an answer")
        .hasMessageContaining("a complaint");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));

    long child = Long.parseLong(Files.readString(pidFile).strip());
    ProcessHandle.of(child).ifPresent(h -> h.onExit().orTimeout(5, TimeUnit.SECONDS).join());
    assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive)).as("the launcher's child").isNotEqualTo(
        java.util.Optional.of(true));
  }

  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aLauncherThatNeverReadsItsStdinIsStillAnswered() throws Exception {
    assumeTrue(Files.isExecutable(SH), "a POSIX shell is needed");
    ProcessBuilder pb = new ProcessBuilder(SH.toString(), "-c", "echo done; exit 1");

    Run run = ChildProcess.run(pb, "x".repeat(4 << 20), Duration.ofSeconds(10));

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEqualTo("done\n");
  }

  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aChildReadLineByLineIsAnsweredAndOneThatFallsSilentFailsAtTheDeadlineAndIsKilled() throws Exception {
    assumeTrue(Files.isExecutable(SH), "a POSIX shell is needed");
    ProcessBuilder pb = new ProcessBuilder(SH.toString(), "-c", "read line; echo \"got $line\"; sleep 600")
        .redirectError(ProcessBuilder.Redirect.DISCARD);

    long start = System.nanoTime();
    Process p;
    try (ChildProcess.Lines child = ChildProcess.Lines.start(pb)) {
      p = child.process();
      OutputStream in = p.getOutputStream();
      in.write("ping\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
      assertThat(child.next(Duration.ofSeconds(10))).isEqualTo("got ping");
      assertThatThrownBy(() -> child.next(Duration.ofSeconds(1))).isInstanceOf(AssertionError.class)
          .hasMessageContaining("no line within PT1S");
    }
    assertThat(p.isAlive()).as("killed when closed").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
  }
}
