package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import io.engram.cli.install.InstalledHooks;
import io.engram.hooks.AgentSetup;
import io.engram.hooks.HookDialect;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code engram hooks uninstall}: Engram taken out of an agent's files again. */
@Examples({
    "engram hooks uninstall",
    "engram hooks uninstall --agent cursor"})
@Command(name = "uninstall", mixinStandardHelpOptions = true,
    description = {"Take Engram out of a coding agent's settings again.", "Its hooks, MCP server entry,"
        + " instruction setting and plugin go (from Claude Code unless --agent names another agent). Other hooks and settings stay; a file left empty is deleted."})
final class HooksUninstall extends AgentSetupEdit {
  @Override
  public Integer call() throws IOException {
    HookDialect dialect = dialect();
    AgentSetup.Outcome outcome = AgentSetup.uninstall(dialect, setupScope(), places(), lockDir());
    InstalledHooks record = new InstalledHooks(global().roots().engramHome());
    if (dialect == HookDialect.CLAUDE_CODE) {
      record.removed(file());
    } else {
      record.removed(new InstalledHooks.Setup(dialect, setupScope(), global().roots().projectDir()));
    }
    return print(outcome, Optional.empty(), List.of(), List.of());
  }
}
