package io.engram.cli.integration;

import io.engram.fs.HomeLayout;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.install.InstalledHooks;
import io.engram.cli.install.Installer;
import io.engram.cli.install.LauncherScript;
import io.engram.cli.global.RunningJar;
import io.engram.cli.install.SearchPath;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ShellWords;
import io.engram.fs.GitIgnore;
import io.engram.hooks.ClaudeHookSettings;
import io.engram.instructions.InstructionLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram hooks install|uninstall}: Engram's hooks in Claude Code's settings. */
@Command(
    name = "hooks",
    mixinStandardHelpOptions = true,
    description = {
      "Install or remove Engram's Claude Code hooks.",
      "The hooks are SessionStart, UserPromptSubmit, PreCompact, Stop, SessionEnd and PostToolUse (for the tools"
          + " that read or change a file: Read, Edit, Write, MultiEdit, NotebookEdit); other hooks and settings"
          + " are left as they are."},
    subcommands = {HooksCommand.Install.class, HooksCommand.Uninstall.class})
public final class HooksCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Which settings file. */
  enum Scope {
    /** {@code <project>/.claude/settings.json}, shared through git. */
    project,
    /** {@code <project>/.claude/settings.local.json}, personal. */
    local,
    /** {@code ~/.claude/settings.json}, every project. */
    user
  }

  /** What {@code --json} prints: the file, the hook events added and removed, and what install or uninstall said. */
  record Edited(String file, List<String> added, List<String> removed, boolean written,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> command, List<String> notes,
      List<String> warnings) {}

  abstract static class Edit implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--scope", defaultValue = "project", paramLabel = "SCOPE",
        description = "project (.claude/settings.json, committed), local (.claude/settings.local.json, personal)"
            + " or user (~/.claude/settings.json, personal); default: ${DEFAULT-VALUE}.")
    Scope scope;

    @Mixin JsonOption json;

    GlobalOptions global() {
      return GlobalOptions.of(spec);
    }

    Path file() {
      return file(scope);
    }

    Path file(Scope of) {
      return switch (of) {
        case project -> global().roots().projectDir().resolve(".claude").resolve("settings.json");
        case local -> global().roots().projectDir().resolve(".claude").resolve("settings.local.json");
        case user -> global().roots().userHome().resolve(".claude").resolve("settings.json");
      };
    }

    Path lockDir() {
      return HomeLayout.of(global().roots().engramHome()).locks();
    }

    /**
     * Prints the change, the command the hooks run (install only), the notes (stdout) and the warnings (stderr;
     * both in the JSON with --json).
     */
    int print(ClaudeHookSettings.Change change, Optional<String> command, List<String> notes, List<String> warnings) {
      PrintWriter out = spec.commandLine().getOut();
      if (json.enabled()) {
        JsonOutput.print(out, new Edited(change.file().toString(), change.added(), change.removed(), change.written(),
            command, notes, warnings));
      } else {
        if (!change.written()) {
          out.println(change.file() + ": unchanged");
        } else {
          out.println(change.file() + ": " + (change.added().isEmpty() ? "" : "added " + String.join(", ", change.added()))
              + (change.added().isEmpty() || change.removed().isEmpty() ? "" : "; ")
              + (change.removed().isEmpty() ? "" : "removed " + String.join(", ", change.removed()))
              + (change.added().isEmpty() && change.removed().isEmpty() ? "Engram's hooks refreshed" : ""));
        }
        notes.forEach(out::println);
        PrintWriter err = spec.commandLine().getErr();
        warnings.forEach(w -> err.println("engram: " + w));
        err.flush();
      }
      out.flush();
      return 0;
    }
  }

  @Command(name = "install", mixinStandardHelpOptions = true,
      description = {
        "Write Engram's hooks into a Claude Code settings file.",
        "Running it again leaves one entry per event. The committed project file gets the portable command"
            + " 'engram hook EVENT', which works for anyone who has run 'engram install'. The personal files"
            + " (--scope local or user) get this machine's absolute path to engram, so the hooks run even"
            + " where Claude Code's PATH lacks it; --scope local also lists settings.local.json in .gitignore.",
        "The launcher asks Engram's resident service first (see 'engram daemon'), so a hook costs milliseconds,"
            + " not a JVM start."})
  static final class Install extends Edit {
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
      ClaudeHookSettings.Change change = ClaudeHookSettings.install(file, run, global().settings().hooks(), lockDir());
      new InstalledHooks(global().roots().engramHome()).added(file);
      if (scope == Scope.local) {
        Path root = InstructionLoader.findRepoRoot(global().roots().projectDir()).orElse(global().roots().projectDir());
        GitIgnore.ensureListed(root, file, lockDir())
            .ifPresent(g -> notes.add("Listed " + root.relativize(file) + " in " + g + " (personal settings stay out of git)."));
      }
      notes.add(0, "Hooks run: " + run + " hook EVENT");
      warnings.addAll(alsoInstalled(file));
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
      return print(change, Optional.of(run), notes, warnings);
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

  @Command(name = "uninstall", mixinStandardHelpOptions = true,
      description = {"Remove Engram's hooks from a Claude Code settings file.", "Other hooks and settings stay."})
  static final class Uninstall extends Edit {
    @Override
    public Integer call() throws IOException {
      ClaudeHookSettings.Change change = ClaudeHookSettings.uninstall(file(), lockDir());
      new InstalledHooks(global().roots().engramHome()).removed(file());
      return print(change, Optional.empty(), List.of(), List.of());
    }
  }
}
