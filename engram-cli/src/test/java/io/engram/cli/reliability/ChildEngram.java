package io.engram.cli.reliability;

import io.engram.testing.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A second JVM on the test class path, running {@link FaultWorkload}, that a test kills with SIGKILL. */
final class ChildEngram {
  private ChildEngram() {}

  /** The command that runs {@code main} with {@code args} in a fresh JVM. */
  static List<String> command(Class<?> main, List<String> args) {
    List<String> command = ChildProcess.quickJvm("-cp",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), main.getName());
    command.addAll(args);
    return command;
  }

  /**
   * Starts the workload and waits until it says it has begun its loop; its output after that is drained
   * so it never blocks on a full pipe.
   */
  static Process startWorkload(List<String> args) throws IOException {
    Process p = new ProcessBuilder(command(FaultWorkload.class, args)).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    for (String line = out.readLine(); ; line = out.readLine()) {
      if (line == null) {
        throw new IOException("the workload ended before it started: exit " + exitOf(p));
      }
      if (line.equals(FaultWorkload.STARTED)) {
        break;
      }
    }
    Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // discarded: the test judges the files, not the output
        }
      } catch (IOException e) {
        // the process was killed
      }
    }, "workload-drain");
    drain.setDaemon(true);
    drain.start();
    return p;
  }

  /** Kills {@code p} with SIGKILL (no shutdown hook, no finally block runs) and waits for it to be gone. */
  static void killNine(Process p) throws InterruptedException {
    p.destroyForcibly();
    if (!p.waitFor(20, TimeUnit.SECONDS)) {
      throw new IllegalStateException("a SIGKILLed process is still alive: pid " + p.pid());
    }
  }

  private static String exitOf(Process p) {
    try {
      return p.waitFor(10, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "(still running)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    }
  }
}
