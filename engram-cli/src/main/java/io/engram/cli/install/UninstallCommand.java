package io.engram.cli.install;

import io.engram.cli.output.Examples;
import io.engram.fs.HomeLayout;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.service.ServiceClient;
import io.engram.hooks.AgentSetup;
import io.engram.hooks.ClaudeHookSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram uninstall}: removes what {@code engram install} wrote, and nothing else. */
@Examples({
    "engram uninstall",
    "engram uninstall --prefix /opt/engram"})
@Command(
    name = "uninstall",
    mixinStandardHelpOptions = true,
    description = {
      "Remove what 'engram install' wrote, and nothing else.",
      "Removes the launcher <prefix>/bin/engram and, when no other installed launcher is left, the jars under"
          + " <home>/lib and the install record; then it also stops the resident service and takes Engram's hooks"
          + " out of every settings file 'engram hooks install' wrote them into (and the user's), and what it wrote"
          + " for every other agent (--agent), naming any file it could not change. A launcher that install did not write is refused and left alone. Memories and"
          + " settings stay."})
public final class UninstallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--prefix", paramLabel = "DIR",
      description = "The prefix given to install: the launcher is DIR/bin/engram (default: ~/.local).")
  Path prefix;

  @Mixin JsonOption json;

  /**
   * What {@code --json} prints: what was removed, the launchers still installed elsewhere, whether a running
   * service was stopped, the settings files whose hooks were taken out, and those that still call engram.
   */
  record Uninstalled(String version, String launcher, boolean changed, List<InstallCommand.Step> steps,
      List<String> otherLaunchers, boolean serviceStopped, List<String> hooksRemoved, List<String> hooksLeft) {}

  @Override
  public Integer call() throws IOException, InterruptedException {
    GlobalOptions global = GlobalOptions.of(spec);
    Path home = global.roots().engramHome();
    Installer.Outcome outcome = new Installer(home).uninstall(InstallCommand.binDir(global, prefix));
    // With the last launcher gone, nothing may keep running or calling it.
    boolean last = outcome.changed() && outcome.otherLaunchers().isEmpty();
    boolean stopped = last && ServiceClient.stopRunning(home,
        Duration.ofMillis(global.settings().service().answerMillis())).isPresent();
    List<String> removed = new ArrayList<>();
    List<String> left = new ArrayList<>();
    if (last) {
      removeHooks(global, removed, left);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Uninstalled(outcome.version(), outcome.launcher().toString(), outcome.changed(),
          InstallCommand.steps(outcome), outcome.otherLaunchers().stream().map(Path::toString).toList(), stopped,
          removed, left));
    } else {
      if (!outcome.changed()) {
        out.println("Nothing to remove: no engram launcher at " + outcome.launcher() + ".");
      } else {
        out.println("Uninstalled engram" + (outcome.version().isEmpty() ? "" : " " + outcome.version()) + ":");
        outcome.steps().forEach(s -> out.println("  removed   " + s.path()));
      }
      if (stopped) {
        out.println("  stopped   the resident service");
      }
      removed.forEach(f -> out.println("  unhooked  " + f));
      left.forEach(f -> out.println("  still calls engram (remove its hooks by hand): " + f));
      if (!outcome.otherLaunchers().isEmpty()) {
        out.println("Still installed (the jar stays for them): " + String.join(", ",
            outcome.otherLaunchers().stream().map(Path::toString).toList())
            + "; 'engram uninstall --prefix DIR' removes one.");
      }
    }
    out.flush();
    return 0;
  }

  // The recorded settings files and the user's own, then the other agents' setups: each loses Engram's hooks (and, for
  // another agent, all that hooks install wrote there), or is named as still calling it.
  private void removeHooks(GlobalOptions global, List<String> removed, List<String> left) {
    Path home = global.roots().engramHome();
    InstalledHooks record = new InstalledHooks(home);
    Set<Path> files = new LinkedHashSet<>();
    try {
      files.addAll(record.files());
    } catch (IOException e) {
      left.add(e.getMessage());
    }
    files.add(global.roots().userHome().resolve(".claude").resolve("settings.json"));
    for (Path file : files) {
      try {
        ClaudeHookSettings.Change change = ClaudeHookSettings.uninstall(file, HomeLayout.of(home).locks());
        if (!change.removed().isEmpty()) {
          removed.add(file.toString());
        }
        record.removed(file);
      } catch (IOException | RuntimeException e) {
        left.add(file + " (" + e.getMessage() + ")");
      }
    }
    List<InstalledHooks.Setup> setups;
    try {
      setups = record.setups();
    } catch (IOException e) {
      setups = List.of(); // already said above
    }
    for (InstalledHooks.Setup setup : setups) {
      AgentSetup.Places places = new AgentSetup.Places(setup.project(), global.roots().userHome(),
          global.environment());
      try {
        for (AgentSetup.FileChange change : AgentSetup.uninstall(setup.dialect(), setup.scope(), places,
            HomeLayout.of(home).locks()).files()) {
          if (!change.removed().isEmpty()) {
            removed.add(change.file().toString());
          }
        }
        record.removed(setup);
      } catch (IOException | RuntimeException e) {
        left.add(setup.dialect().agent().displayName() + " in " + setup.project() + " (" + e.getMessage() + ")");
      }
    }
  }
}
