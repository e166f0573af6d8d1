package io.engram.cli.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.EngramCommand;
import io.engram.cli.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code engram bench hook}: the wall time of one Claude Code hook call as Claude Code pays it (a new
 * JVM running {@code java -jar engram.jar hook UserPromptSubmit} with the hook JSON on stdin, against a
 * store of generated memories), against a baseline of {@code java -version} in the same run; optionally
 * the same call with an AppCDS archive.
 */
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = {
      "Time a hook call in a new JVM against 'java -version'.",
      "Runs 'java -jar engram.jar hook UserPromptSubmit < sample.json' (a new JVM each run, a store of --memories"
          + " generated memories) against 'java -version' in the same run; medians of --runs, interleaved.",
      "--cds also times the hook with an AppCDS archive built by one training run. Run it from the shaded jar."})
final class HookBench implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--runs", defaultValue = "15", description = "Timed runs per variant (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--memories", defaultValue = "200", description = "Memories in the store (default: ${DEFAULT-VALUE}).")
  int memories;

  @Option(names = "--cds", description = "Also time the hook with an AppCDS archive (-XX:SharedArchiveFile).")
  boolean cds;

  @Mixin JsonOption json;

  /** What {@code --json} prints: medians in milliseconds and their ratios; the AppCDS pair only with --cds. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record Figures(int runs, int memories, double javaVersionMedianMs, double hookMedianMs, double hookOverJavaVersion,
      double hookMinusJvmStartMs, Optional<Double> hookWithAppCdsMedianMs, Optional<Double> appCdsSpeedup) {}

  @Override
  public void run() {
    if (runs < 1 || memories < 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--runs must be at least 1, --memories at least 0");
    }
    Path jar = io.engram.cli.install.RunningJar.of(EngramCommand.class).orElseThrow(() -> new UserFacingException(
        "bench hook: run it from the shaded jar (java -jar engram-cli/target/engram.jar bench hook)"));
    Path dir = null;
    try {
      dir = Files.createTempDirectory("engram-bench-hook");
      Path home = dir.resolve("home");
      Path project = Files.createDirectories(dir.resolve("project"));
      seed(new EngramRoots(home, dir.resolve("user"), project));
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> hook = List.of("-jar", jar.toString(), "--home", home.toString(), "--project", project.toString(),
          "hook", "UserPromptSubmit");
      Path sample = dir.resolve("sample.json");
      String check = runOnce(java, List.of(), hook, sample, project, 0, true);
      if (!check.contains("hookSpecificOutput")) {
        throw new UserFacingException("bench hook: the hook gave no context for the sample prompt: " + check);
      }
      List<Double> baseline = new ArrayList<>();
      List<Double> plain = new ArrayList<>();
      List<Double> shared = new ArrayList<>();
      List<String> cdsFlags = List.of();
      if (cds) {
        Path archive = dir.resolve("engram.jsa");
        runOnce(java, List.of("-XX:ArchiveClassesAtExit=" + archive), hook, sample, project, -1, false);
        cdsFlags = List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto");
      }
      for (int i = 1; i <= runs; i++) {
        baseline.add(time(() -> runOnce(java, List.of(), List.of("-version"), null, project, 0, false)));
        int n = i;
        plain.add(time(() -> runOnce(java, List.of(), hook, sample, project, n, false)));
        if (cds) {
          List<String> flags = cdsFlags;
          shared.add(time(() -> runOnce(java, flags, hook, sample, project, 1000 + n, false)));
        }
      }
      report(baseline, plain, shared);
    } catch (IOException e) {
      throw new UserFacingException("bench hook: " + e.getMessage());
    } finally {
      deleteQuietly(dir);
    }
  }

  private void seed(EngramRoots roots) throws IOException {
    ProjectMemory store =
        MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    String[] topics = {"redis", "postgres", "pnpm", "deploy", "lint", "docker", "kafka", "auth", "cache", "ci"};
    for (int i = 0; i < memories; i++) {
      String t = topics[i % topics.length];
      store.write(Memory.of(t + "-note-" + i, i % 4 == 0 ? MemoryType.FEEDBACK : MemoryType.PROJECT,
          "What to know about " + t + " (" + i + ")",
          "Note " + i + " about " + t + ": the tests need " + t + " configured; see docs/" + t + ".md.\n"));
    }
  }

  private String runOnce(String java, List<String> jvm, List<String> args, Path sample, Path project, int session,
      boolean capture) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(jvm);
    command.addAll(args);
    if (sample != null) {
      Files.writeString(sample, "{\"session_id\":\"bench-" + session + "\",\"cwd\":\"" + project
          + "\",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"How do I run the tests with redis and postgres?\"}");
    }
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.redirectInput(sample != null ? ProcessBuilder.Redirect.from(sample.toFile()) : ProcessBuilder.Redirect.from(new File("/dev/null")));
    if (!capture) {
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }
    Process p = pb.start();
    String out = capture ? new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8) : "";
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException("'" + String.join(" ", command) + "' failed or took over 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    }
    return out;
  }

  @FunctionalInterface
  private interface Run {
    String go() throws IOException;
  }

  private static double time(Run run) throws IOException {
    long start = System.nanoTime();
    run.go();
    return (System.nanoTime() - start) / 1e6;
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private void report(List<Double> baseline, List<Double> plain, List<Double> shared) {
    double base = median(baseline);
    double hook = median(plain);
    Optional<Double> withCds = shared.isEmpty() ? Optional.empty() : Optional.of(median(shared));
    var out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Figures(runs, memories, round(base), round(hook), round(hook / base),
          round(hook - base), withCds.map(HookBench::round), withCds.map(c -> round(hook / c))));
      return;
    }
    out.printf("hook UserPromptSubmit, %d memories, median of %d runs (new JVM each):%n", memories, runs);
    out.printf("  java -version (baseline): %8.1f ms%n", base);
    out.printf("  engram hook:              %8.1f ms  (%.2fx baseline, +%.1f ms)%n", hook, hook / base, hook - base);
    if (!shared.isEmpty()) {
      out.printf("  engram hook with AppCDS:  %8.1f ms  (%.2fx faster than without)%n", median(shared),
          hook / median(shared));
    }
    out.flush();
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temp directory left behind is harmless
    }
  }

}
