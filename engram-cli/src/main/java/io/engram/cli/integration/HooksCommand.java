package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code engram hooks install|uninstall [--agent AGENT]}: Engram in a coding agent's own files (its hooks, its MCP
 * server entry, its instruction-file setting, OpenCode's plugin), written by {@link io.engram.hooks.AgentSetup}:
 * {@link HooksInstall} and {@link HooksUninstall}, on what {@link AgentSetupEdit} gives both.
 */
@Examples({
    "engram hooks install",
    "engram hooks uninstall"})
@Command(
    name = "hooks",
    mixinStandardHelpOptions = true,
    description = {
      "Set Engram up in a coding agent, or take it out again.",
      "The agent is Claude Code unless --agent names Codex, Gemini CLI, Cursor or OpenCode. For Claude Code the hooks are SessionStart, UserPromptSubmit, PreCompact, Stop, SessionEnd and PostToolUse"
          + " (for the tools that read or change a file: Read, Edit, Write, MultiEdit, NotebookEdit); each other"
          + " agent gets the same events in its own names, its MCP server entry for 'engram mcp', and OpenCode a"
          + " plugin. Other hooks and settings are left as they are."},
    subcommands = {HooksInstall.class, HooksUninstall.class})
public final class HooksCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
