/**
 * Agent session transcripts as Engram reads them: messages, the compactions between them, and the
 * views the engines work from.
 *
 * <p>{@link TranscriptReader} reads a Claude Code session ({@code ~/.claude/projects/<sanitized>/<id>.jsonl})
 * in one pass, one JSON tree per line, into a {@link Transcript}: user, assistant and system {@link
 * TranscriptMessage}s of {@link ContentBlock}s in file order, the {@link CompactionBoundary}s, the
 * subagent transcripts beside it, and every line it could not use as a {@link ReadProblem} (the rest is
 * still read). Prompts queued while the agent was busy become user messages. {@link MessageListReader}
 * reads the plain JSON message lists other agents and frameworks keep.
 *
 * <p>{@link Transcript#segments()} splits a session at its compactions into {@link Segment}s, what the
 * model could see in one stretch. {@link Usage} is what the provider recorded for a request: the real
 * prompt size token estimates are checked against.
 *
 * <p>The views: {@link FileActivity} (every read, write and edit of each file, from the file tools and
 * from shell commands that obviously touch a file, each a {@link FileTouch} with its {@link
 * FileOperation}; {@code rm}, {@code mv} and {@code git mv} followed, so a file's last operation says
 * whether it still exists), {@link ErrorFix} (a failed tool call, flagged by the tool or shown by the output
 * of a build, test or check, with the assistant's reading of it, the edits made before it passed and the
 * later call that showed it fixed), {@link TodoList} (the todos as the last TodoWrite left them), and {@link
 * OpenWork}: every {@link WorkItem} the session keeps track of with its state, from task trackers driven
 * from the shell (recognised by their create/update/close/show verbs and what they print back), TodoWrite,
 * the task tools, checkboxes of plan files, and the user's request while no finished action answered it.
 * {@link CallOutcomes} pairs the calls of a list of messages with their results and keeps what is asked of them
 * again and again (whether a call failed, its shell commands, an error's key lines), so a reading of the
 * messages works each out once. {@link ShellCommand} splits a Bash call into simple commands and {@link CommandKind} says what each does
 * (build, test, lint, format, commit, push, look).
 *
 * <p>{@link TranscriptReader#readFrom} reads only the complete lines after a {@link TranscriptPosition} (a
 * byte offset and a line count) into a {@link TranscriptTail}, which ends where a later reading starts; a
 * last line still being written is left for it. A {@link TranscriptCheckpoint} is such a position with the
 * checksum of the bytes before it, so an incremental pass knows when the file is no longer the one it read. A path that is not a regular file (a directory, a FIFO, a
 * device) is refused before it is opened, with its own message ({@link TranscriptReader#whyNotATranscript}).
 *
 * <p>Where to start: {@link TranscriptReader#read}.
 */
package io.engram.transcript;
