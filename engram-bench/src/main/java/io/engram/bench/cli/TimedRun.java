package io.engram.bench.cli;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One process {@code bench hook} started and timed, from start to exit, every one started the same way.
 *
 * @param exit its exit status
 * @param out what it wrote, standard output and errors together
 * @param nanos how long it ran
 */
record TimedRun(int exit, String out, long nanos) {
  /**
   * Runs {@code command} with exactly {@code environment}, {@code stdin} (through a file in {@code dir}) or nothing as
   * its input, its output and errors read together; over 120 s is an error.
   */
  static TimedRun of(List<String> command, Optional<String> stdin, Map<String, String> environment, Path dir) {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().clear();
    pb.environment().putAll(environment);
    try {
      Path input = null;
      if (stdin.isPresent()) {
        input = Files.createTempFile(dir, "stdin", ".json");
        Files.writeString(input, stdin.get());
        pb.redirectInput(input.toFile());
      } else {
        pb.redirectInput(new File("/dev/null"));
      }
      long start = System.nanoTime();
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("'" + String.join(" ", command) + "' took over 120 s");
      }
      long nanos = System.nanoTime() - start;
      if (input != null) {
        Files.deleteIfExists(input);
      }
      return new TimedRun(p.exitValue(), out, nanos);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
  }
}
