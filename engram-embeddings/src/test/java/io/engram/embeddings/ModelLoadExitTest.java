package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A process stopped while its embedding model is still loading exits without crashing: the exit waits for ONNX
 * Runtime's session creation to return (ONNX Runtime's own shutdown hook releases its native environment, and a
 * thread still inside it crashed the JVM with SIGSEGV).
 */
@Execution(ExecutionMode.CONCURRENT)
class ModelLoadExitTest {
  // The exit status of a JVM ended by SIGTERM through its handlers: 128 + the signal's number (15).
  private static final int TERMINATED = 143;

  @Test
  void aProcessSignalledDuringTheModelLoadExitsAsSignalledWithoutACrash(@TempDir Path dir) throws Exception {
    Run run = start(dir, "signal");
    run.process().destroy();

    assertThat(run.finish()).as(run.output()).isEqualTo(TERMINATED);
    assertThat(run.output()).doesNotContain("SIGSEGV").doesNotContain("fatal error");
    assertThat(crashReports(dir)).isEmpty();
  }

  @Test
  void aCommandThatEndsTheRuntimeBeforeItExitsWaitsForTheModelLoad(@TempDir Path dir) throws Exception {
    Run run = start(dir, "exit");

    assertThat(run.finish()).as(run.output()).isZero();
    assertThat(run.output()).doesNotContain("SIGSEGV").doesNotContain("fatal error");
    assertThat(crashReports(dir)).isEmpty();
  }

  private record Run(Process process, List<String> lines) {
    int finish() throws InterruptedException {
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("the child did not exit: " + output());
      }
      return process.exitValue();
    }

    String output() {
      synchronized (lines) {
        return String.join("\n", lines);
      }
    }
  }

  private static Run start(Path dir, String mode) throws IOException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote", "-cp",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        ModelLoadExitChild.class.getName(), mode).directory(dir.toFile()).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> lines = new ArrayList<>();
    for (String line = out.readLine(); line != null && !line.equals(ModelLoadExitChild.INSIDE); line = out.readLine()) {
      lines.add(line);
    }
    Thread drain = new Thread(() -> {
      try {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          synchronized (lines) {
            lines.add(line);
          }
        }
      } catch (IOException e) {
        // the child is gone
      }
    }, "model-load-exit-drain");
    drain.setDaemon(true);
    drain.start();
    return new Run(p, lines);
  }

  private static List<Path> crashReports(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("hs_err")).collect(Collectors.toList());
    }
  }
}
