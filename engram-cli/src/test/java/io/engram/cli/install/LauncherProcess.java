package io.engram.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the installed launcher as Claude Code does: hook JSON on stdin, the answer and errors read back. */
final class LauncherProcess {
  /** What one launcher run printed and how it ended. */
  record Run(int exit, String out, String err, long millis) {}

  private LauncherProcess() {}

  /** Starts {@code pb}, writes {@code stdin}, reads both streams (stderr on its own thread) and waits at most {@code wait}. */
  static Run run(ProcessBuilder pb, String stdin, Duration wait) throws Exception {
    long start = System.nanoTime();
    Process p = pb.start();
    p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    return new Run(p.exitValue(), out, err.get(), (System.nanoTime() - start) / 1_000_000);
  }
}
