package io.engram.cli.install;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.RunningJar;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.service.ServiceClient;
import io.engram.service.ServiceStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram install}: the jar under Engram's home and an {@code engram} launcher on the PATH. */
@Examples({
    "engram install",
    "engram install --prefix /opt/engram"})
@Command(
    name = "install",
    mixinStandardHelpOptions = true,
    description = {
      "Install engram for this user so that 'engram' runs from any directory.",
      "Copies the jar to <home>/lib/engram-<version>.jar, links <home>/lib/engram.jar to it, and writes the"
          + " launcher script <prefix>/bin/engram (default prefix: ~/.local). Running it again changes nothing,"
          + " or replaces what differs. A launcher that install did not write is never overwritten.",
      "'engram uninstall' removes exactly these files."})
public final class InstallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--prefix", paramLabel = "DIR",
      description = "Put the launcher in DIR/bin (default: ~/.local, so ~/.local/bin/engram).")
  Path prefix;

  @Option(names = "--jar", paramLabel = "FILE",
      description = "The Engram jar to install (default: the jar this command runs from).")
  Path jar;

  @Mixin JsonOption json;

  /**
   * What {@code --json} prints: the version, the launcher, each file written, whether bin is on the PATH, and the
   * version of the resident service install stopped (empty when none ran or nothing changed).
   */
  record Installed(String version, String launcher, boolean changed, List<Step> steps, boolean binOnPath,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) String serviceStopped) {}

  /** One file install wrote, linked or left, or uninstall removed; {@code note} only when there is one. */
  record Step(String path, String action, @JsonInclude(JsonInclude.Include.NON_EMPTY) String note) {}

  @Override
  public Integer call() throws IOException, InterruptedException {
    GlobalOptions global = GlobalOptions.of(spec);
    Path source = jar != null ? jar.toAbsolutePath() : RunningJar.engram().orElseThrow(() ->
        new UserFacingException("install: this engram does not run from a jar; build it and run './engram install'"
            + " in the clone, or pass --jar FILE"));
    Path bin = binDir(global, prefix);
    Installer.Outcome outcome = new Installer(global.roots().engramHome())
        .install(source, bin, Path.of(System.getProperty("java.home"), "bin", "java"));
    // A resident service runs the jar it started from and answers every hook and MCP call, so it never idles out
    // while the person works: left running, it would go on answering with the old code. Stopped, the next call
    // starts the installed one.
    String stopped = outcome.changed() ? stopService(global) : "";
    SearchPath path = SearchPath.of(global.environment());
    boolean onPath = path.contains(bin);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, new Installed(outcome.version(), outcome.launcher().toString(), outcome.changed(),
          steps(outcome), onPath, stopped));
    } else if (!outcome.changed()) {
      out.println("engram " + outcome.version() + " is already installed (" + outcome.launcher() + "); nothing changed.");
    } else {
      out.println("Installed engram " + outcome.version() + ":");
      outcome.steps().forEach(s -> out.println("  " + String.format("%-10s", s.action().name().toLowerCase(Locale.ROOT))
          + s.path() + (s.note().isEmpty() ? "" : " " + s.note())));
      if (!stopped.isEmpty()) {
        out.println("  stopped   the resident service (engram " + stopped + "); the next hook or MCP call starts "
            + outcome.version());
      }
      out.println("'engram uninstall" + (prefix == null ? "" : " --prefix " + prefix) + "' removes it again.");
    }
    out.flush();
    warnAboutPath(bin, outcome.launcher(), path, onPath);
    return 0;
  }

  /** Stops the home's running service; its version, or empty when none answered. */
  private static String stopService(GlobalOptions global) throws InterruptedException {
    return ServiceClient.stopRunning(global.roots().engramHome(),
        Duration.ofMillis(global.settings().service().answerMillis())).map(ServiceStatus::version).orElse("");
  }

  /** The directory the launcher goes in: {@code PREFIX/bin}, by default {@code ~/.local/bin}. */
  static Path binDir(GlobalOptions global, Path prefix) {
    return (prefix != null ? prefix.toAbsolutePath() : global.roots().userHome().resolve(".local")).resolve("bin");
  }

  static List<Step> steps(Installer.Outcome outcome) {
    return outcome.steps().stream()
        .map(s -> new Step(s.path().toString(), s.action().name().toLowerCase(Locale.ROOT), s.note()))
        .toList();
  }

  private void warnAboutPath(Path bin, Path launcher, SearchPath path, boolean onPath) {
    PrintWriter err = spec.commandLine().getErr();
    if (!onPath) {
      err.println("engram: " + bin + " is not on your PATH, so 'engram' is not found yet. Add it, for example in"
          + " ~/.profile or ~/.bashrc:");
      err.println("  export PATH=\"" + bin + ":$PATH\"");
    } else {
      path.find("engram").filter(found -> !found.equals(launcher)).ifPresent(found ->
          err.println("engram: 'engram' on your PATH is " + found + ", which comes before " + launcher));
    }
    err.flush();
  }
}
