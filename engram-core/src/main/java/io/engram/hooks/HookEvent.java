package io.engram.hooks;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The Claude Code hook events Engram answers, by their Claude Code names. */
public enum HookEvent {
  /** A session starts, resumes, is cleared or restarts after a compaction: inject context. */
  SESSION_START("SessionStart", true),
  /** The user sent a prompt: inject the memories recalled for it. */
  USER_PROMPT_SUBMIT("UserPromptSubmit", true),
  /** A compaction is about to run: extract what is new and hand the session notes to the restart. */
  PRE_COMPACT("PreCompact", false),
  /** The agent finished a turn: extract the new turns into memory. */
  STOP("Stop", false),
  /** The session ends: extract the last turns. */
  SESSION_END("SessionEnd", false),
  /**
   * The agent read or changed a file: inject the instruction files of the directories down to it that the
   * session has not seen yet. Installed only for the tools that name a file.
   */
  POST_TOOL_USE("PostToolUse", true, "Read|Edit|Write|MultiEdit|NotebookEdit");

  private final String hookName;
  private final boolean injectsContext;
  private final Optional<String> matcher;

  HookEvent(String hookName, boolean injectsContext) {
    this.hookName = hookName;
    this.injectsContext = injectsContext;
    this.matcher = Optional.empty();
  }

  HookEvent(String hookName, boolean injectsContext, String matcher) {
    this.hookName = hookName;
    this.injectsContext = injectsContext;
    this.matcher = Optional.of(matcher);
  }

  /** The tool names Claude Code should call this hook for (a regular expression), when it is a tool event. */
  public Optional<String> matcher() {
    return matcher;
  }

  /** The name Claude Code uses ({@code UserPromptSubmit}). */
  public String hookName() {
    return hookName;
  }

  /** True when Claude Code reads {@code additionalContext} from this event's answer. */
  public boolean injectsContext() {
    return injectsContext;
  }

  /** The event called {@code name} (Claude Code spelling, case-insensitive). */
  public static Optional<HookEvent> parse(String name) {
    return Arrays.stream(values()).filter(e -> e.hookName.equalsIgnoreCase(name.strip())).findFirst();
  }

  /** The accepted names, for error messages. */
  public static String choices() {
    return Arrays.stream(values()).map(HookEvent::hookName).collect(Collectors.joining(", "));
  }
}
