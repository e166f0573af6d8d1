package io.engram.transcript;

/**
 * Who speaks in a message, and in what capacity: the person typing to the agent, a tool answering a call, the
 * harness passing on a notice, another agent, a summary. A transcript's user records carry much more than what
 * a person typed (Claude Code 2.1 writes background-task notices, hook verdicts, skill bodies and messages between
 * agents of a team as user records); only {@link #PROMPT} and {@link #SLASH_COMMAND} are the person's words to the
 * agent (a prompt still queued at the end, {@link #QUEUED_PROMPT}, has not reached it yet), and a kind not known yet
 * ({@link #UNKNOWN}) is never read as a request.
 */
public enum MessageKind {
  /** What the person typed to the agent: a request, a question, an answer, a plan they approved. */
  PROMPT(true),
  /** A slash command the person ran ({@code <command-name>/review</command-name>}), with its arguments. */
  SLASH_COMMAND(true),
  /** A shell command the person ran themselves ({@code !git pull}: {@code <bash-input>}). */
  SHELL_INPUT(true),
  /**
   * What the person typed while the agent worked that had not reached it when the transcript ends: still queued at
   * the cut (a compaction, the end of a turn), delivered only after it. Their words, but no request of the work the
   * agent is doing yet.
   */
  QUEUED_PROMPT(true),
  /** What a command the person ran printed ({@code <local-command-stdout>}, {@code <bash-stdout>}). */
  COMMAND_OUTPUT(false),
  /** The prompt a slash command or a skill expanded to: instructions the person did not type. */
  COMMAND_EXPANSION(false),
  /** Results of the agent's tool calls. */
  TOOL_RESULT(false),
  /** A hook's verdict or output passed to the agent ("Operation stopped by hook: ..."). */
  HOOK_NOTICE(false),
  /** Text the harness adds: caveats, reminders, IDE selections, API errors, synthetic replies. */
  SYSTEM_NOTICE(false),
  /** A background task (a sub-agent, a shell command, a scheduled run) reporting back. */
  TASK_NOTIFICATION(false),
  /** A message from another agent of a team or another session ({@code <teammate-message>}). */
  AGENT_MESSAGE(false),
  /** The marker Claude Code writes when the person interrupts a turn. */
  INTERRUPTION(false),
  /** The summary that replaced the conversation at a compaction. */
  COMPACT_SUMMARY(false),
  /** The agent's own words and tool calls. */
  ASSISTANT(false),
  /** A record of a shape not known yet: kept, counted, and never taken for a request. */
  UNKNOWN(false);

  private final boolean typed;

  MessageKind(boolean typed) {
    this.typed = typed;
  }

  /** Whether the person typed it (a prompt, a slash command, a shell command of their own). */
  public boolean typed() {
    return typed;
  }
}
