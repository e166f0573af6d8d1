/**
 * Agent session transcripts as Engram reads them: messages, the compactions between them, and the
 * views the engines work from.
 *
 * <p>{@link TranscriptReader} reads a session of any {@link CodingAgent} in one pass into a {@link Transcript}:
 * user, assistant and system {@link TranscriptMessage}s of {@link ContentBlock}s in file order, the {@link
 * CompactionBoundary}s, the subagent transcripts beside it, the agent that wrote it, and every line it could not
 * use as a {@link ReadProblem} (the rest is still read). Which agent wrote a file is told by its content, never its
 * name ({@link TranscriptFormat#of}: the keys of its first record that only one agent writes, past records none
 * claims, such as the metadata line a Cursor transcript may start with); each format has one reader behind that
 * port. Claude Code ({@code ~/.claude/projects/<sanitized>/<id>.jsonl}, {@code ClaudeCodeLines}): one JSON tree per line, each with the
 * working directory, branch and the session's slug (which also names its plan file); a prompt typed
 * while the agent was busy is read once, where the model received it (delivered into the running turn, or as the
 * next prompt's own record; one taken back is not read). Codex rollouts ({@code CodexLines}), Gemini CLI chats as JSON
 * Lines or one document ({@code GeminiLines}: records re-appended on update, {@code $set} and {@code $rewindTo}
 * followed as Gemini's loader does), OpenCode's {@code opencode export} ({@code OpenCodeExport}), Cursor's agent
 * transcripts ({@code CursorLines}) and the Markdown SpecStory saves a Cursor or Claude Code session as ({@code
 * .specstory/history/*.md}, {@code SpecStoryMarkdown}: turns by their role lines, calls from each version's
 * rendering by {@code SpecStoryTool}, fenced code never taken for a turn). Each translates its agent's tools into one vocabulary, Claude Code's ({@code
 * ToolVocabulary}: {@code exec_command}, {@code run_shell_command}, {@code bash}, {@code Shell} and {@code
 * run_terminal_cmd} are all {@code Bash}), so every view and engine works on every agent's sessions; what the harness wrote rather than the person
 * (Codex's instructions and environment, Gemini's session context, OpenCode's synthetic parts, Cursor's wrappers
 * around a query) is marked so that it never passes for what someone typed; a kind of record a reader does not
 * know is counted and skipped, never fatal. A session's id comes from its records, else from the file's name (the
 * UUID a rollout's name ends with), so an id is never a whole file name that a secret scan would mask. {@link
 * MessageListReader} reads the plain JSON message lists other agents and frameworks keep. {@link AgentSessionFiles}
 * says where Codex and Cursor keep their sessions, and finds one session's file by its id for a hook whose input
 * names none.
 *
 * <p>Who speaks: every message has a {@link MessageKind}. A user record is often not the person: a tool result, a
 * command's output, a hook's verdict, a background task's notice, another agent's message, the text a slash
 * command or skill expanded to, an interruption marker, a compaction summary. {@link MessageClassifier} reads the
 * kind from the content (the harness's tags and openings, {@code isMeta}, the {@code <synthetic>} model) for every
 * reader, and the Claude Code reader adds what only the record shows; the system context an app that runs agents
 * puts before the person's words in their own text ({@code <system_instruction>...</system_instruction>}) is not
 * theirs and is set aside, as a {@code <system-reminder>} block is; a kind not known yet is {@link
 * MessageKind#UNKNOWN}, never a request. Only prompts and slash commands are {@link TranscriptMessage#isHumanInput
 * human input}; a prompt the person typed while the agent worked and still queued when the transcript ends is a
 * {@link MessageKind#QUEUED_PROMPT}: their words, not delivered yet, so no request of the work in progress. {@link UserRequest} is what the person asked, a slash command as {@code /name args}, and a short
 * answer ("yes", "c") bound to the question or option it answers; {@code /compact} and a command the harness ran
 * itself ({@code /model default}) ask nothing of the work.
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
 * byte offset and a line count; {@code AppendedLines}) into a {@link TranscriptTail}, which ends where a later reading starts; a
 * last line still being written is left for it (one without its line end that is already a whole JSON object, as a
 * finished file may end, is read, and the line end that may follow it later is no line of its own). A {@link TranscriptCheckpoint} is such a position with the
 * checksum of the bytes before it, so an incremental pass knows when the file is no longer the one it read. A
document format (one JSON value the agent rewrites whole) is read whole from its start, and holds a point only at
its end while unchanged. A path that is not a regular file (a directory, a FIFO, a
 * device) is refused before it is opened, with its own message ({@link TranscriptReader#whyNotATranscript}).
 *
 * <p>Where to start: {@link TranscriptReader#read}.
 */
package io.engram.transcript;
