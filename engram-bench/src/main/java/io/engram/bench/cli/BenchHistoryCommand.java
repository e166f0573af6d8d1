package io.engram.bench.cli;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.config.EngramSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench history}: the latency of a search of past sessions at growing history sizes. */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = {
      "Measure a search of past sessions (engram history) over synthetic sessions.",
      "At each size: the p50/p95 of reading what is new in every transcript and then searching, with the index"
          + " checked against the whole turn catalogue (its stamps removed first) and with the incremental check"
          + " that trusts the catalogue's stamps, in the same run, and their ratio."
    })
final class BenchHistoryCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--sessions", split = ",", paramLabel = "N", defaultValue = "100,1000,2000",
      description = "Session counts to measure (default: ${DEFAULT-VALUE}).")
  List<Integer> sessions;

  @Option(names = "--turns", paramLabel = "N", defaultValue = "40",
      description = "Turns per session (default: ${DEFAULT-VALUE}).")
  int turns;

  @Option(names = "--queries", paramLabel = "N", defaultValue = "20",
      description = "Queries per size and way of checking (default: ${DEFAULT-VALUE}).")
  int queries;

  @Mixin JsonOption json;

  /** The whole report. */
  record Report(int turnsPerSession, int queriesPerSize, List<HistoryLatencyBench.SizeResult> sizes) {}

  @Override
  public void run() {
    if (sessions.stream().anyMatch(n -> n <= 0) || turns <= 0 || queries <= 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--sessions, --turns and --queries must be positive");
    }
    EngramSettings settings = GlobalOptions.of(spec).settings();
    HistoryLatencyBench bench = new HistoryLatencyBench(turns, queries, settings.recall().historyResults(),
        settings.recall());
    ProgressDisplay progress = ProgressDisplay.of(spec, "bench history", json.enabled());
    List<HistoryLatencyBench.SizeResult> results = new ArrayList<>();
    for (int n : sessions) {
      progress.phase(String.format("%,d sessions (size %d of %d)", n, results.size() + 1, sessions.size()), 0);
      Path work = null;
      try {
        work = Files.createTempDirectory("engram-bench-history");
        results.add(bench.run(n, 42L + n, work));
      } catch (IOException e) {
        throw new UserFacingException("bench history: " + e.getMessage());
      } finally {
        HookBenchRig.deleteQuietly(work);
      }
    }
    progress.finish();
    Report report = new Report(turns, queries, results);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    out.printf("%d turns per session; %d queries per size, each a read of every transcript then a search;"
        + " p50/p95 in ms after one warm-up pass%n%n", turns, queries);
    for (HistoryLatencyBench.SizeResult r : results) {
      out.printf("%,d sessions (%,d turns), first read %.1f s%n", r.sessions(), r.turns(), r.firstSyncSeconds());
      r.latencyMs().forEach((k, v) -> out.printf("  %-12s p50 %9.3f  p95 %9.3f%n", k, v.p50(), v.p95()));
      out.printf("  ratio full/incremental p50 %6.1fx%n%n", r.ratio());
    }
    out.flush();
  }
}
