/**
 * Claude Code's hooks: what Engram does at each point of a session when Claude Code calls {@code engram
 * hook EVENT} with the hook's JSON on stdin, whether that call is answered in its own process or by the
 * resident service.
 *
 * <p>{@link HookRunner#run} answers one {@link HookEvent} for a parsed {@link HookInput}. What a session
 * already received (memories surfaced, bytes sent, a pending notes handover, the session it resumed) lives
 * in the session's state file, read and rewritten under its lock for a moment only (waiting at most 2 s,
 * then giving up rather than holding the agent), never while a model works.
 * <ul>
 *   <li>SessionStart ({@code SessionStartContext}): after a compaction the session notes a PreCompact
 *       flagged, every standing user and feedback memory that fits (corrections first, then by use), and MEMORY.md of the project and the user under
 *       the absolute path of its directory (not in the Claude Code layout, where Claude Code loads it); after
 *       a compaction or a clear the surfaced set starts again.
 *   <li>UserPromptSubmit ({@code PromptRecall}): recall on the prompt through {@code MemoryRecall}, never
 *       sending a memory twice in a session.
 *   <li>What each of them injected is recorded in the session's {@link InjectionLedger} (the hook, the
 *       characters, each memory with its characters and why, those left out; names and counts only), one JSON
 *       line appended per call and its oldest lines dropped past {@code hooks.injectionLedgerMaxBytes}, which the
 *       web UI shows. A resident caller hands that write, and the sync of the session's state, to an executor
 *       that runs them after the answer ({@code HookRunner}'s constructor with {@code afterAnswer}).
 *   <li>Both stay within {@code hooks.contextCharCap} characters ({@code InjectedContext}): Claude Code
 *       replaces an {@code additionalContext} over 10,000 characters by a file path. What is left out is
 *       named, with how to read it, and is not counted as sent.
 *   <li>Stop, PreCompact and SessionEnd: whose the transcript is comes from its head (for another agent's session,
 *       the id its reader finds in its first records or its name), and a session that resumed
 *       it is looked for backwards from its end, both bounded ({@code ResumedTranscript}; one that holds no record
 *       of the session is left alone, one the session resumed is followed); its path is recorded for the dream's
 *       gather phase, and the extraction pass reads the lines after where it stopped ({@code
 *       ExtractionPass.run(file, session)}); each memory written is a log line. No hook reads the whole
 *       transcript per turn: extraction, the notes and the context levels each keep a checkpoint (a byte offset
 *       with the checksum of the bytes before it) and what they carry from the lines they read, so a Stop costs
 *       what was appended since the last one. Stop then keeps the session notes on their schedule; PreCompact first forces
 *       them up to date and flags the handover, and its answer is given then, before it extracts. Compaction
 *       itself stays Claude Code's: a hook cannot replace its summary.
 *   <li>SessionEnd then runs the dream when its gates are open ({@code DreamAtSessionEnd}), to its end; a
 *       failure is a log line. Claude Code gives SessionEnd about 1.5 s, so the caller runs this event after
 *       answering (the resident service does).
 *   <li>The context levels ({@code WindowLevels} over {@link io.engram.levels.ContextLevelKeeper}): Stop reads
 *       how full the window is and, once per level and segment, refreshes the notes (60%), prepares a
 *       compaction (80%, again at 92%) and leaves a notice with the turns left; the next UserPromptSubmit tells
 *       it to the agent; PreCompact marks the prepared summary for the restart and the SessionStart after the
 *       compaction hands it over, first in its context so that it arrives whole.
 *   <li>PostToolUse (installed for Read, Edit, Write, MultiEdit and NotebookEdit only): the instruction files of
 *       the directories between the project and the file, the first time the session touches them, except
 *       the CLAUDE.md and CLAUDE.local.md Claude Code loads there itself; a compaction or clear forgets them.
 *       They too stay within {@code hooks.contextCharCap}: a longer file is sent up to a line, naming where the
 *       rest is.
 * </ul>
 * The answer is the additional context for the agent, if any, and the log lines for stderr.
 *
 * <p>Other coding agents call the same hooks in their own contract ({@code engram hook --agent AGENT EVENT}):
 * {@link HookDialect} reads each agent's event names and input fields into a {@link HookInput} on the way in (Cursor's
 * {@code conversation_id} and {@code workspace_roots}, a byte-order mark, a transcript the input does not name found
 * by the session's id in the agent's own place through {@link io.engram.transcript.AgentSessionFiles}, an OpenCode
 * session its plugin hands over kept redacted in the session's directory) and writes the answer in the shape the
 * agent reads on the way out, so {@link HookRunner} speaks Claude Code's contract alone and every surface that
 * answers a hook (its own JVM, the resident service) translates alike. An event whose context the agent cannot take
 * (Cursor's {@code beforeSubmitPrompt}) is answered without recalling, so nothing is counted as sent that never
 * arrived.
 *
 * <p>{@link AgentSetup} sets Engram up in one agent's own files ({@code engram hooks install --agent AGENT}): its
 * hooks in the agent's shape and event names ({@link ClaudeHookSettings} for Claude Code's), its MCP server entry for
 * {@code engram mcp} (setting {@code ENGRAM_AGENT}, so what the agent writes through MCP records where it came from),
 * the instruction files it should read where it does not by itself (Codex's {@code project_doc_fallback_filenames},
 * Gemini CLI's {@code context.fileName}) and OpenCode's plugin ({@code OpenCodePlugin}). Every other key and hook
 * stays as it was: Engram's entries are recognised by their command (or, in Codex's TOML, by the comment lines
 * around Engram's blocks), replaced rather than duplicated, the file is rewritten atomically under its lock
 * ({@code SettingsFileLock}, the one every writer of that file takes, the plugin's included), and
 * uninstall takes out exactly those. A file that is not what the agent reads (invalid JSON or TOML) is refused untouched, as is an event whose
 * value is neither a list nor one hook group written without its list, which is kept, in a list ({@code
 * HookEventLists}).
 *
 * <p>Where to start: {@link HookRunner#run}.
 */
package io.engram.hooks;
