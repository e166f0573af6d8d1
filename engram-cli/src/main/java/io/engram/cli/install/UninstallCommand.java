package io.engram.cli.install;

import io.engram.cli.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram uninstall}: removes what {@code engram install} wrote, and nothing else. */
@Command(
    name = "uninstall",
    mixinStandardHelpOptions = true,
    description = {
      "Remove what 'engram install' wrote, and nothing else.",
      "Removes the launcher <prefix>/bin/engram and, when no other installed launcher is left, the jars under"
          + " <home>/lib and the install record. A launcher that install did not write is refused and left alone."
          + " Memories, settings and hooks stay; 'engram hooks uninstall' removes the hooks."})
public final class UninstallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--prefix", paramLabel = "DIR",
      description = "The prefix given to install: the launcher is DIR/bin/engram (default: ~/.local).")
  Path prefix;

  @Mixin JsonOption json;

  /** What {@code --json} prints: what was removed, and the launchers still installed elsewhere. */
  record Uninstalled(String version, String launcher, boolean changed, List<InstallCommand.Step> steps,
      List<String> otherLaunchers) {}

  @Override
  public Integer call() throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Installer.Outcome outcome =
        new Installer(global.roots().engramHome()).uninstall(InstallCommand.binDir(global, prefix));
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Uninstalled(outcome.version(), outcome.launcher().toString(), outcome.changed(),
          InstallCommand.steps(outcome), outcome.otherLaunchers().stream().map(Path::toString).toList()));
    } else {
      if (!outcome.changed()) {
        out.println("Nothing to remove: no engram launcher at " + outcome.launcher() + ".");
      } else {
        out.println("Uninstalled engram" + (outcome.version().isEmpty() ? "" : " " + outcome.version()) + ":");
        outcome.steps().forEach(s -> out.println("  removed   " + s.path()));
      }
      if (!outcome.otherLaunchers().isEmpty()) {
        out.println("Still installed (the jar stays for them): " + String.join(", ",
            outcome.otherLaunchers().stream().map(Path::toString).toList())
            + "; 'engram uninstall --prefix DIR' removes one.");
      }
    }
    out.flush();
    return 0;
  }
}
