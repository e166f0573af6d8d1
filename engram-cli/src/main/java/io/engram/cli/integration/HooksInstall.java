package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import io.engram.cli.install.InstalledHooks;
import io.engram.cli.install.Installer;
import io.engram.cli.install.LauncherScript;
import io.engram.cli.global.RunningJar;
import io.engram.cli.install.SearchPath;
import io.engram.cli.output.ShellWords;
import io.engram.fs.GitIgnore;
import io.engram.hooks.AgentSetup;
import io.engram.hooks.ClaudeHookSettings;
import io.engram.hooks.EngramCommand;
import io.engram.hooks.HookDialect;
import io.engram.instructions.InstructionLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code engram hooks install}: Engram's hooks, MCP server entry and settings written into an agent's files. */
@Examples({
    "engram hooks install",
    "engram hooks install --scope local",
    "engram hooks install --agent codex"})
@Command(name = "install", mixinStandardHelpOptions = true,
    description = {
      "Write Engram's hooks and MCP server entry into a coding agent's settings.",
      "The agent is Claude Code unless --agent names another.",
      "Running it again leaves one entry per event. The committed project file gets the portable command"
          + " 'engram hook EVENT', which works for anyone who has run 'engram install'. The personal files"
          + " (--scope local or user) get this machine's absolute path to engram, so the hooks run even"
          + " where Claude Code's PATH lacks it; --scope local also lists settings.local.json in .gitignore.",
      "The launcher asks Engram's resident service first (see 'engram daemon'), so a hook costs milliseconds,"
          + " not a JVM start."})
final class HooksInstall extends AgentSetupEdit {
  @Option(names = "--command", paramLabel = "CMD",
      description = "How Claude Code should run Engram, used as given for any scope (default: 'engram' for"
          + " --scope project; this machine's launcher or jar for local and user).")
  String command;

  @Override
  public Integer call() throws IOException {
    List<String> notes = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    String run = command != null ? command
        : scope == Scope.project ? portableCommand(warnings) : personalCommand(notes, warnings);
    Path file = file();
    HookDialect dialect = dialect();
    AgentSetup.Outcome outcome = AgentSetup.install(dialect, setupScope(), places(), EngramCommand.of(run),
        global().settings(), lockDir());
    InstalledHooks record = new InstalledHooks(global().roots().engramHome());
    if (dialect == HookDialect.CLAUDE_CODE) {
      record.added(file);
    } else {
      record.added(new InstalledHooks.Setup(dialect, setupScope(), global().roots().projectDir()));
    }
    if (scope == Scope.local) {
      Path root = InstructionLoader.findRepoRoot(global().roots().projectDir()).orElse(global().roots().projectDir());
      GitIgnore.ensureListed(root, file, lockDir())
          .ifPresent(g -> notes.add("Listed " + root.relativize(file) + " in " + g + " (personal settings stay out of git)."));
    }
    notes.add(0, "Hooks run: " + run + " hook " + (dialect == HookDialect.CLAUDE_CODE ? ""
        : "--agent " + dialect.agent().id() + " ") + "EVENT");
    notes.addAll(afterInstall(dialect));
    if (dialect == HookDialect.CLAUDE_CODE) {
      warnings.addAll(alsoInstalled(file));
    }
    if (run.startsWith("java ")) {
      warnings.add("these hooks start a JVM for every call; the launcher 'engram install' puts on the PATH asks"
          + " Engram's resident service first, in milliseconds");
    } else if (!LauncherScript.runsUnderBash() && SearchPath.of(global().environment()).find("curl").isEmpty()) {
      warnings.add("neither bash nor curl is here: the launcher reaches Engram's resident service over bash's"
          + " /dev/tcp or with curl, so every hook call will start a JVM instead");
    } else {
      notes.add("The launcher answers each hook through Engram's resident service (" + (LauncherScript.runsUnderBash()
          ? "over bash's /dev/tcp" : "curl") + " to 127.0.0.1; started by the first hook, see 'engram daemon"
          + " status'), or in a JVM of its own when the service is down.");
    }
    return print(outcome, Optional.of(run), notes, warnings);
  }

  // What the person still has to do in the agent itself before Engram's hooks run there.
  private static List<String> afterInstall(HookDialect dialect) {
    return switch (dialect) {
      case CODEX -> List.of("Codex runs hooks it has not seen only once you have reviewed and trusted them in its"
          + " terminal UI (older Codex also needs [features] codex_hooks = true in config.toml).");
      case GEMINI -> List.of("Gemini CLI asks you to trust a project's hooks the first time it sees them.");
      case CURSOR -> List.of("Cursor reads hooks.json when it starts: restart Cursor (or its agent) to load them.");
      case OPENCODE -> List.of("OpenCode loads the plugin when it starts; it calls Engram at session start, on each"
          + " prompt, when a turn ends and before a compaction.");
      case CLAUDE_CODE -> List.of();
    };
  }

  /**
   * A warning for each other settings file that already runs Engram's hooks: Claude Code runs the hooks of the
   * user's, the project's and the project's local settings alike, so each event would run Engram twice.
   */
  private List<String> alsoInstalled(Path installed) throws IOException {
    List<String> warnings = new ArrayList<>();
    for (Scope other : Scope.values()) {
      Path file = file(other);
      if (!file.equals(installed)) {
        List<String> events;
        try {
          events = ClaudeHookSettings.engramEvents(file);
        } catch (IllegalArgumentException e) {
          continue; // not a settings file Claude Code can read either
        }
        if (!events.isEmpty()) {
          warnings.add(file + " already runs Engram's hooks (" + String.join(", ", events) + "), and Claude Code"
              + " runs both: each event would run Engram twice. Keep one: 'engram hooks uninstall --scope "
              + other + "' removes those.");
        }
      }
    }
    return warnings;
  }

  private String portableCommand(List<String> warnings) {
    if (SearchPath.of(global().environment()).find("engram").isEmpty()) {
      warnings.add("'engram' is not on this PATH, so these hooks cannot run here yet. Install it with"
          + " './engram install' in Engram's clone (or 'engram install'), and make sure its bin directory is on"
          + " the PATH Claude Code runs with.");
    }
    return "engram";
  }

  // Personal settings may name this machine's files; the committed project file never does.
  private String personalCommand(List<String> notes, List<String> warnings) throws IOException {
    Optional<Path> launcher = SearchPath.of(global().environment()).find("engram");
    if (launcher.isEmpty()) {
      launcher = new Installer(global().roots().engramHome()).installedLaunchers().stream()
          .filter(Files::isExecutable).findFirst();
    }
    if (launcher.isPresent()) {
      notes.add("These are personal settings, so the command names this machine's launcher, "
          + launcher.get() + ".");
      return ShellWords.quoted(launcher.get().toString());
    }
    Optional<Path> jar = RunningJar.engram();
    if (jar.isPresent()) {
      warnings.add("these are personal settings, so the command names this machine's jar, " + jar.get()
          + ". It breaks if that jar moves (a rebuild or 'mvn clean'): 'engram install' gives a stable one.");
      return "java -jar " + ShellWords.quoted(jar.get().toString());
    }
    warnings.add("'engram' is not installed here and this engram runs from no jar; the hooks run 'engram',"
        + " so install it ('./engram install').");
    return "engram";
  }
}
