/**
 * {@code engram demo}: a two-session story replayed offline on a generated sample project, through the
 * real hooks and engines, never a shortcut.
 *
 * <p>{@code DemoCommand} runs it in a directory of its own (a temporary one, or {@code --keep DIR}); {@code
 * DemoRun} drives the steps there: {@code project/} is the sample repository {@code DemoProject} writes (a
 * TypeScript service with a TTL bug, a {@code CLAUDE.md} importing {@code docs/testing.md}, a git-ignored
 * {@code CLAUDE.local.md}), {@code home/} is Engram's home, whose settings give the demo's model a
 * 16,000-token window so one short session crosses every context level, and {@code user/} is the user's
 * home, with {@code ~/.claude/CLAUDE.md} and Claude Code's transcripts under {@code .claude/projects/}. The
 * hooks are built as {@code engram hook} builds them (offline model, recall wired for a hook), so what the
 * demo shows is what a real hook call returns.
 *
 * <p>The steps, in order, each a {@code DemoStep} with its check: the sample project; the instruction-file
 * ledger ({@code InstructionLoader}); session one, eight turns from {@code DemoStory} written by {@code
 * DemoTranscript} as Claude Code JSONL ({@code TranscriptLine} records: uuid chain, timestamps, tool blocks,
 * TodoWrite, the provider's usage), each turn going through UserPromptSubmit before and Stop after, as Claude
 * Code calls them; the context levels each request reached ({@code DemoLevels}, from {@code
 * ContextTimeline}); the session notes the Stop hook started and PreCompact forced; the compaction ({@code
 * DemoCompaction}): at the first request at the critical level the demo plays Claude Code's automatic
 * compaction (PreCompact, the offline {@code SessionCompaction} reusing the notes, a {@code compact_boundary}
 * and summary appended as Claude Code writes them, then SessionStart with source {@code compact}, which must
 * hand the notes back); the memories extracted (the pnpm and the Redis one must be there); session two, a
 * day later, whose SessionStart and recall for "how do I run the tests?" must bring both back ({@code
 * DemoRecall}); and the dream ({@code DemoDream}): SessionEnd finds it not due, the demo forces the offline
 * dream and checks that neither memory was lost.
 *
 * <p>A step whose check fails is marked {@code failed} and the command exits 1 naming what did not hold;
 * {@code --json} prints {@code {ok, directory, millis, steps}}, each step with its {@code id}, {@code
 * title}, {@code status}, {@code narration}, {@code data} (one {@code StepData} record per step) and
 * {@code reason}. {@code DemoCommandTest} runs it in-process and checks every step.
 *
 * <p>Where to start: {@code DemoRun.run()}.
 */
package io.engram.cli.demo;
