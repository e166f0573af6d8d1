/**
 * What a session does as its context window fills: the levels of {@link io.engram.context.LevelActions}
 * carried out.
 *
 * <p>{@link io.engram.levels.ContextLevelKeeper#afterTurn} reads the transcript's current segment
 * ({@link io.engram.context.ContextReading}: recorded usage where there is some, the calibrated counter
 * otherwise) and, the first time the segment reaches a level, acts: at the warning level (above 60%) the
 * session notes are brought up to date whatever their schedule says; at the urgent level (80%) a compaction is
 * computed as an automatic one through {@link io.engram.compaction.SessionCompaction} and kept in {@code
 * <home>/sessions/<id>/prepared-compaction.json} ({@link io.engram.levels.PreparedCompaction}, which
 * {@code PreparedCompaction.read} gives to readers such as the web UI) with its restart
 * text in {@code restart-context.md} ({@link io.engram.compaction.RestartContext}), both redacted; at the
 * critical level (92%) it is computed again, covering the turns since. Each level leaves a notice for the
 * agent's next prompt with the turns left before the critical level (from the session's own growth, else the
 * typical 25-30 at warning and 8-12 at urgent). What was acted on is kept in the session's ledger
 * ({@link io.engram.fs.SessionLedger}, section {@code levels}), so each level acts once per segment; a compaction opens a new segment and the levels
 * start again. Failures of the notes or the compaction are log lines: a turn never fails for them.
 *
 * <p>Given the transcript file ({@code afterTurn(Path, String, String)}, what the Stop hook calls), the keeper
 * reads only the lines after its checkpoint and keeps the window's running size in {@code level-progress.json}
 * ({@code LevelProgress}, a {@link io.engram.context.ContextTally}); the notes are brought up to date the same
 * way, and the file is read whole only to prepare a compaction, once per level and segment.
 *
 * <p>Claude Code compacts itself: its PreCompact marks the prepared summary for the restart ({@code
 * compactionStarting}) and the SessionStart after it hands it over once ({@code takeHandover}), naming the
 * restart text's file rather than inlining it, since Claude Code cuts a hook's context at 10,000 characters. Other agents
 * compact with {@code engram compact} or the MCP {@code compact} tool, which use the prepared compaction as it
 * is when it still describes the transcript exactly ({@code preparedFor}), and act on the levels with
 * {@code --when-due} or {@code whenDue}.
 *
 * <p>Where to start: {@link io.engram.levels.ContextLevelKeeper#afterTurn}.
 */
package io.engram.levels;
