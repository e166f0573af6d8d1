package io.engram.cli;

import io.engram.hooks.ClaudeHookSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram hooks install|uninstall}: Engram's hooks in Claude Code's settings. */
@Command(
    name = "hooks",
    mixinStandardHelpOptions = true,
    description = "Install or remove Engram's Claude Code hooks (SessionStart, UserPromptSubmit, PreCompact,"
        + " Stop, SessionEnd) without touching other hooks or settings.",
    subcommands = {HooksCommand.Install.class, HooksCommand.Uninstall.class})
final class HooksCommand implements Runnable {
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

  abstract static class Edit implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--scope", defaultValue = "project", paramLabel = "SCOPE",
        description = "project (.claude/settings.json), local (.claude/settings.local.json) or user"
            + " (~/.claude/settings.json); default: ${DEFAULT-VALUE}.")
    Scope scope;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    Path file() {
      GlobalOptions global = GlobalOptions.of(spec);
      return switch (scope) {
        case project -> global.roots().projectDir().resolve(".claude").resolve("settings.json");
        case local -> global.roots().projectDir().resolve(".claude").resolve("settings.local.json");
        case user -> global.roots().userHome().resolve(".claude").resolve("settings.json");
      };
    }

    int print(ClaudeHookSettings.Change change) {
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", change.file().toString());
        m.put("added", change.added());
        m.put("removed", change.removed());
        m.put("written", change.written());
        JsonOutput.print(out, m);
      } else if (!change.written()) {
        out.println(change.file() + ": unchanged");
      } else {
        out.println(change.file() + ": " + (change.added().isEmpty() ? "" : "added " + String.join(", ", change.added()))
            + (change.added().isEmpty() || change.removed().isEmpty() ? "" : "; ")
            + (change.removed().isEmpty() ? "" : "removed " + String.join(", ", change.removed()))
            + (change.added().isEmpty() && change.removed().isEmpty() ? "Engram's hooks refreshed" : ""));
      }
      out.flush();
      return 0;
    }
  }

  @Command(name = "install", mixinStandardHelpOptions = true,
      description = "Write Engram's hooks into the settings file (idempotent: one entry per event).")
  static final class Install extends Edit {
    @Option(names = "--command", paramLabel = "CMD",
        description = "How Claude Code should run Engram (default: java -jar <this jar>, or 'engram' outside a jar).")
    String command;

    @Override
    public Integer call() throws IOException {
      return print(ClaudeHookSettings.install(file(), command != null ? command : defaultCommand()));
    }

    private static String defaultCommand() {
      try {
        Path jar = Path.of(EngramCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (jar.toString().endsWith(".jar")) {
          return "java -jar '" + jar.toAbsolutePath() + "'";
        }
      } catch (Exception e) {
        // fall through: the launcher on the PATH
      }
      return "engram";
    }
  }

  @Command(name = "uninstall", mixinStandardHelpOptions = true,
      description = "Remove Engram's hooks from the settings file; other hooks stay.")
  static final class Uninstall extends Edit {
    @Override
    public Integer call() throws IOException {
      return print(ClaudeHookSettings.uninstall(file()));
    }
  }
}
