package io.engram.cli.config;

import io.engram.cli.output.Examples;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.Models;
import io.engram.model.CostGovernor;
import io.engram.model.ModelRouter;
import io.engram.model.SessionUsage;
import io.engram.model.UsageReport;
import io.engram.model.UsageTotals;
import java.io.PrintWriter;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code engram usage}: today's model token ledger, the caps on background work and what is left. */
@Examples({
    "engram usage",
    "engram usage --json"})
@Command(
    name = "usage",
    mixinStandardHelpOptions = true,
    description = {
      "Show today's (UTC) model token use from the ledger.",
      "Background and foreground totals, per session and purpose, the background caps and what is left."
          + " Background work that reaches a cap runs offline."})
public final class UsageCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  /** What {@code --json} prints; {@code engineProblem} is empty when the engine is usable. */
  record UsageView(String engine, String engineProblem, String ledger, UsageReport today) {}

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    ModelRouter router = Models.router(global);
    CostGovernor governor = Models.governor(global);
    UsageReport report = governor.report();
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new UsageView(router.engineId(), router.unavailableReason().orElse(""),
          governor.ledgerFile().toString(), report));
      return;
    }
    Ansi ansi = spec.commandLine().getColorScheme().ansi();
    out.println(ansi.string("@|bold Model usage on " + report.day() + " (UTC)|@"));
    out.println("engine:     " + router.engineId()
        + router.unavailableReason().map(r -> " (model unusable: " + r + ")").orElse(""));
    out.println("ledger:     " + governor.ledgerFile());
    out.println("background: " + totals(report.background()) + "; cap " + n(report.dailyCap())
        + " a day, " + n(report.dailyRemaining()) + " left");
    out.println("foreground: " + totals(report.foreground()) + " (not capped)");
    if (!report.backgroundByPurpose().isEmpty()) {
      out.println("by purpose: " + report.backgroundByPurpose().entrySet().stream()
          .sorted(java.util.Map.Entry.comparingByKey())
          .map(e -> e.getKey().toLowerCase() + " " + n(e.getValue()))
          .collect(Collectors.joining(", ")));
    }
    out.println();
    if (report.sessions().isEmpty()) {
      out.println("No model calls today.");
    } else {
      out.printf("%-38s %12s %12s %14s%n", "session", "background", "foreground", "left of " + n(report.sessionCap()));
      for (SessionUsage s : report.sessions()) {
        out.printf("%-38s %12s %12s %14s%n", s.sessionId(), n(s.background().total()),
            n(s.foreground().total()), n(s.remaining()));
      }
    }
    out.flush();
  }

  private static String totals(UsageTotals t) {
    return n(t.total()) + " tokens in " + t.calls() + (t.calls() == 1 ? " call" : " calls")
        + " (input " + n(t.input()) + ", output " + n(t.output()) + ", cache read " + n(t.cacheRead())
        + ", cache write " + n(t.cacheWrite()) + ")";
  }

  private static String n(long value) {
    return String.format("%,d", value);
  }
}
