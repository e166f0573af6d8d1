package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.install.LauncherScript;
import io.engram.cli.global.RunningJar;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench hook}: a Claude Code hook call as Claude Code pays for it once Engram is installed:
 * the {@code engram} launcher, which asks the resident service with curl, against {@code java -version} in
 * the same run (the least any JVM-per-call hook could cost). UserPromptSubmit (recall with vectors, over a
 * store of generated memories) and Stop (answered once its extraction is queued; the test checks the
 * extraction happened), idle and with concurrent sessions; then the service's memory, optionally after a
 * store of many more memories has been indexed.
 */
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = {
      "Time the installed hook path (launcher, curl, service) against 'java -version'.",
      "Starts a resident service for a temporary home with --memories generated memories, writes a launcher as"
          + " 'engram install' does, and times 'engram hook UserPromptSubmit' (recall with vectors) and 'engram hook"
          + " Stop' against 'java -version', interleaved: --runs calls each one at a time, then --sessions"
          + " sessions at once. Prints p50 and p95 and the service's resident memory; --resident N also indexes N"
          + " more memories and reports the memory after. --jvm also times the JVM a hook falls back to when the"
          + " service is down. Run it from the lab's jar (./bench builds it); it needs curl."})
final class HookBench implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--runs", defaultValue = "30", description = "Timed calls per variant (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--memories", defaultValue = "200", description = "Memories in the store (default: ${DEFAULT-VALUE}).")
  int memories;

  @Option(names = "--sessions", defaultValue = "10",
      description = "Sessions calling at once in the concurrent part (default: ${DEFAULT-VALUE}).")
  int sessions;

  @Option(names = "--resident", defaultValue = "0", paramLabel = "N",
      description = "Also index N generated memories in a second project and report the service's memory after.")
  int resident;

  @Option(names = "--warm-up", defaultValue = "100",
      description = "UserPromptSubmit calls before timing: the index is built, the JIT compiles (default: ${DEFAULT-VALUE}).")
  int warmUp;

  @Option(names = "--jar", paramLabel = "FILE",
      description = "The engram.jar the launcher runs (the shaded jar engram-cli's build writes,"
          + " engram-cli/target/engram.jar; default: the running jar when it is one that 'java -jar' starts as engram).")
  Path engramJar;

  @Option(names = "--models", paramLabel = "DIR",
      description = "Install the model jars of DIR in the temporary home first, as 'engram models add' does: with"
          + " bge-small-zh-v1.5-q's, recall reads Chinese prompts with it (the pair).")
  Path models;

  @Option(names = "--jvm", description = "Also time the JVM a hook falls back to when no service runs.")
  boolean jvm;

  @Mixin JsonOption json;

  /** One variant's latency: p50 and p95 in milliseconds, and the p50 against java -version's p50. */
  record Timing(double p50Ms, double p95Ms, double p50OverJavaVersion) {}

  /** One condition (idle, or with concurrent sessions): the baseline and the hook calls. */
  record Condition(int sessions, int callsEach, Timing javaVersion, Timing userPromptSubmit, Timing stop) {}

  /** What {@code --json} prints. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record Figures(int memories, int warmUpCalls, Condition idle, Condition concurrent,
      Optional<Timing> jvmFallbackUserPromptSubmit, long serviceResidentMiB, Optional<Resident> afterMoreMemories) {}

  /**
   * The service's memory after it indexed {@code memories} more memories: how long that first recall took, how long
   * until the background embedding of the rest ended, and the resident memory after each.
   */
  record Resident(int memories, long firstRecallMs, long allEmbeddedMs, long serviceResidentMiB, long heapUsedMiB,
      long residentAfterEmbeddingMiB, CatchUp duringCatchUp) {}

  /**
   * The recalls of the large project asked every half second while the service embedded the rest of it: how many,
   * how long they took (p50, p95, slowest) and how many sent no memory; and of the same prompts asked once every
   * memory was embedded, how many sent none (what no wait explains).
   */
  record CatchUp(int recalls, double p50Ms, double p95Ms, double maxMs, int nothingSent, int prompts,
      int nothingSentOnceEmbedded) {}

  @Override
  public void run() {
    if (runs < 1 || memories < 1 || sessions < 1 || resident < 0 || warmUp < 1) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--runs, --memories, --sessions and --warm-up must be at least 1, --resident at least 0");
    }
    Path jar = Optional.ofNullable(engramJar).or(RunningJar::engram).orElseThrow(() -> new UserFacingException(
        "bench hook: name the engram.jar to time with --jar (engram-cli/target/engram.jar in a clone)"));
    Path dir = null;
    HookBenchRig rig = null;
    try {
      dir = Files.createTempDirectory("engram-bench-hook");
      Path launcher = dir.resolve("bin/engram");
      Files.createDirectories(launcher.getParent());
      Path java = Path.of(System.getProperty("java.home"), "bin", "java");
      Files.writeString(launcher, LauncherScript.text(jar, java, EngramVersion.number()));
      Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
      rig = HookBenchRig.start(dir, launcher, java, memories, Optional.ofNullable(models));
      rig.warmUp(warmUp);
      Condition idle = condition(rig, 1, runs);
      Condition concurrent = condition(rig, sessions, Math.max(3, runs / sessions));
      rig.checkExtractions();
      Optional<Timing> fallback = Optional.empty();
      if (jvm) {
        Latencies base = new Latencies();
        Latencies hook = new Latencies();
        for (int i = 0; i < Math.min(runs, 10); i++) {
          base.add(rig.javaVersion());
          hook.add(rig.jvmPrompt(i));
        }
        fallback = Optional.of(timing(hook, base));
      }
      long rss = rig.residentMiB();
      Optional<Resident> more = resident > 0 ? Optional.of(rig.indexMore(resident)) : Optional.empty();
      report(new Figures(memories, warmUp, idle, concurrent, fallback, rss, more));
    } catch (IOException | InterruptedException | ExecutionException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new UserFacingException("bench hook: " + e.getMessage());
    } finally {
      if (rig != null) {
        rig.close();
      }
      HookBenchRig.deleteQuietly(dir);
    }
  }

  /** {@code threads} sessions at once, each alternating java -version, UserPromptSubmit and Stop {@code calls} times. */
  private Condition condition(HookBenchRig rig, int threads, int calls) throws InterruptedException, ExecutionException {
    Latencies base = new Latencies();
    Latencies prompt = new Latencies();
    Latencies stop = new Latencies();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> all = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        all.add(pool.submit(() -> {
          for (int i = 0; i < calls; i++) {
            long v = rig.javaVersion();
            long p = rig.prompt(thread, i);
            long s = rig.stop(thread, i);
            synchronized (base) {
              base.add(v);
              prompt.add(p);
              stop.add(s);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : all) {
        f.get();
      }
    } finally {
      pool.shutdown();
      pool.awaitTermination(1, TimeUnit.MINUTES);
    }
    return new Condition(threads, calls, timing(base, base), timing(prompt, base), timing(stop, base));
  }

  private static Timing timing(Latencies l, Latencies baseline) {
    Latencies.Percentiles p = l.summary();
    double base = baseline.summary().p50();
    return new Timing(round(p.p50()), round(p.p95()), round(p.p50() / base));
  }

  private void report(Figures f) {
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, f);
      return;
    }
    out.printf("hook calls through the launcher and the resident service, %d memories (recall with vectors),"
        + " after %d warm-up calls%n", f.memories(), f.warmUpCalls());
    for (Condition c : List.of(f.idle(), f.concurrent())) {
      out.printf("%s (%d calls each):%n", c.sessions() == 1 ? "one session" : c.sessions() + " sessions at once",
          c.callsEach() * c.sessions());
      line(out, "java -version (baseline)", c.javaVersion());
      line(out, "engram hook UserPromptSubmit", c.userPromptSubmit());
      line(out, "engram hook Stop", c.stop());
    }
    f.jvmFallbackUserPromptSubmit().ifPresent(t -> line(out, "JVM fallback (no service)", t));
    out.printf("service resident memory: %d MiB%n", f.serviceResidentMiB());
    f.afterMoreMemories().ifPresent(r -> out.printf("after indexing %,d more memories (first recall %,d ms): %d MiB"
        + " resident, heap %d MiB; every memory embedded after %,d ms: %d MiB resident%n"
        + "  %d recalls meanwhile: p50 %,.0f ms, p95 %,.0f ms, slowest %,.0f ms; %d sent nothing (once all were"
        + " embedded, %d of its %d prompts did)%n", r.memories(),
        r.firstRecallMs(), r.serviceResidentMiB(), r.heapUsedMiB(), r.allEmbeddedMs(), r.residentAfterEmbeddingMiB(),
        r.duringCatchUp().recalls(), r.duringCatchUp().p50Ms(), r.duringCatchUp().p95Ms(), r.duringCatchUp().maxMs(),
        r.duringCatchUp().nothingSent(), r.duringCatchUp().nothingSentOnceEmbedded(), r.duringCatchUp().prompts()));
    out.flush();
  }

  private static void line(PrintWriter out, String what, Timing t) {
    out.printf("  %-30s p50 %8.1f ms  p95 %8.1f ms  (p50 %.2fx java -version)%n", what, t.p50Ms(), t.p95Ms(),
        t.p50OverJavaVersion());
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
