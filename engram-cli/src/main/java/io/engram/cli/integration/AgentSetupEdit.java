package io.engram.cli.integration;

import io.engram.fs.HomeLayout;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.hooks.AgentSetup;
import io.engram.hooks.HookDialect;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What {@code hooks install} and {@code hooks uninstall} share: the agent and the scope they edit ({@code --agent},
 * {@code --scope}), where its files are, and how the outcome is printed (each file's change, then the notes on stdout
 * and the warnings on stderr; all of it in one record with {@code --json}).
 */
abstract class AgentSetupEdit implements Callable<Integer> {
  /** Which settings file. */
  enum Scope {
    /** {@code <project>/.claude/settings.json}, shared through git. */
    project,
    /** {@code <project>/.claude/settings.local.json}, personal. */
    local,
    /** {@code ~/.claude/settings.json}, every project. */
    user
  }

  /** One file {@code --json} names: what of Engram's it holds, the events, servers and settings added and removed. */
  record EditedFile(String file, String part, List<String> added, List<String> removed, boolean written) {}

  /** What {@code --json} prints: the agent, each file, the command the hooks run, and what install or uninstall said. */
  record Edited(String agent, List<EditedFile> files,
      @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> command, List<String> notes,
      List<String> warnings) {}

  @Spec CommandSpec spec;

  @Option(names = "--scope", defaultValue = "project", paramLabel = "SCOPE",
      description = "project (the project's files, committed: .claude/settings.json, .codex/, .gemini/, .cursor/,"
          + " .opencode/), local (Claude Code only: .claude/settings.local.json, personal) or user (the agent's"
          + " files in your home, personal); default: ${DEFAULT-VALUE}.")
  Scope scope;

  @Option(names = "--agent", defaultValue = "claude", paramLabel = "AGENT",
      description = "claude, codex, gemini, cursor or opencode; default: ${DEFAULT-VALUE}.")
  String agent;

  HookDialect dialect() {
    return HookDialect.parse(agent).orElseThrow(() -> new ParameterException(spec.commandLine(),
        "--agent " + agent + " is not an agent Engram sets up; choose " + HookDialect.choices()));
  }

  AgentSetup.Scope setupScope() {
    return setup(scope);
  }

  static AgentSetup.Scope setup(Scope of) {
    return AgentSetup.Scope.valueOf(of.name().toUpperCase(java.util.Locale.ROOT));
  }

  AgentSetup.Places places() {
    return new AgentSetup.Places(global().roots().projectDir(), global().roots().userHome(), global().environment());
  }

  @Mixin JsonOption json;

  GlobalOptions global() {
    return GlobalOptions.of(spec);
  }

  Path file() {
    return file(scope);
  }

  Path file(Scope of) {
    return AgentSetup.hooksFile(dialect(), setup(of), places());
  }

  Path lockDir() {
    return HomeLayout.of(global().roots().engramHome()).locks();
  }

  /**
   * Prints each file's change, the command the hooks run (install only), the notes (stdout) and the warnings
   * (stderr; both in the JSON with --json).
   */
  int print(AgentSetup.Outcome outcome, Optional<String> command, List<String> notes, List<String> warnings) {
    PrintWriter out = spec.commandLine().getOut();
    List<String> said = new ArrayList<>(notes);
    said.addAll(outcome.notes());
    if (json.enabled()) {
      JsonOutput.print(out, new Edited(dialect().agent().id(), outcome.files().stream().map(f -> new EditedFile(
          f.file().toString(), f.part(), f.added(), f.removed(), f.written())).toList(), command, said, warnings));
    } else {
      for (AgentSetup.FileChange change : outcome.files()) {
        if (!change.written()) {
          out.println(change.file() + ": unchanged");
        } else {
          out.println(change.file() + ": " + (change.added().isEmpty() ? "" : "added " + String.join(", ", change.added()))
              + (change.added().isEmpty() || change.removed().isEmpty() ? "" : "; ")
              + (change.removed().isEmpty() ? "" : "removed " + String.join(", ", change.removed()))
              + (change.added().isEmpty() && change.removed().isEmpty() ? "Engram's " + change.part() + " refreshed" : ""));
        }
      }
      said.forEach(out::println);
      PrintWriter err = spec.commandLine().getErr();
      warnings.forEach(w -> err.println("engram: " + w));
      err.flush();
    }
    out.flush();
    return 0;
  }
}
