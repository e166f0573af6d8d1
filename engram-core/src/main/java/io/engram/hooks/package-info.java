/**
 * Claude Code's hooks: what Engram does at each point of a session when Claude Code calls {@code engram
 * hook EVENT} with the hook's JSON on stdin.
 *
 * <p>{@link HookRunner#run} answers one {@link HookEvent} for a parsed {@link HookInput}. Each call is a
 * JVM of its own, so what a session already received (memories surfaced, bytes sent, a pending notes
 * handover) lives in the session's state file, read and rewritten under its lock (waiting at most 2 s,
 * then giving up rather than holding the agent).
 * <ul>
 *   <li>SessionStart: the MEMORY.md index (not in the Claude Code layout, where Claude Code loads it) and
 *       the newest user and feedback memories within the turn's budget; after a compaction or a clear the
 *       surfaced set starts again, and after a compaction the session notes are handed back when a
 *       PreCompact flagged them.
 *   <li>UserPromptSubmit: recall on the prompt through {@code MemoryRecall}, never sending a memory twice
 *       in a session.
 *   <li>Stop, PreCompact and SessionEnd: the transcript is read (one of another session is left alone), its
 *       path recorded for the dream's gather phase, and the extraction pass runs on the turns not yet read;
 *       each memory written is a log line. Stop and PreCompact then keep the session notes, on their
 *       schedule after Stop and forced before a compaction, which also flags the handover. Compaction itself
 *       stays Claude Code's: a hook cannot replace its summary, only add the one Engram prepared after it.
 *   <li>SessionEnd then checks the dream's gates and, when all are open, runs the dream on a daemon thread,
 *       waiting at most {@code dream.hookWaitSeconds}; a dream still running is abandoned with the process
 *       (the next run retries) and a failure is a log line, never an error for the agent.
 *   <li>The context levels ({@code WindowLevels} over {@link io.engram.levels.ContextLevelKeeper}): Stop reads
 *       how full the window is and, once per level and segment, refreshes the notes (60%), prepares a
 *       compaction (80%, again at 92%) and leaves a notice with the turns left; the next UserPromptSubmit tells
 *       it to the agent; PreCompact marks the prepared summary for the restart and the SessionStart after the
 *       compaction hands it over.
 *   <li>PostToolUse (installed for Read, Edit, Write, MultiEdit and NotebookEdit only): the instruction files of
 *       the directories between the project and the file, the first time the session touches them, except
 *       the CLAUDE.md and CLAUDE.local.md Claude Code loads there itself; a compaction or clear forgets them.
 * </ul>
 * The answer is the additional context for the agent, if any, and the log lines for stderr.
 *
 * <p>{@link ClaudeHookSettings} installs Engram's hooks into a Claude Code settings file and removes them,
 * leaving every other key and hook as it was: Engram's entries are recognised by their command, replaced
 * rather than duplicated, and the file is rewritten atomically under a lock.
 *
 * <p>Where to start: {@link HookRunner#run}.
 */
package io.engram.hooks;
