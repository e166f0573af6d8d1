/**
 * Instruction files (CLAUDE.md, AGENTS.md and kin): which a session sees, in which order, and the
 * commands that write them ({@code engram add}, {@code engram init}).
 *
 * <p>{@link InstructionLoader} loads, in prompt order (later means higher priority): the managed file and
 * its siblings with the other configured names; the user's files in {@code ~/.claude}; then for every
 * directory from the top of the traversal ({@code /}, or the git root with {@code stopAtRepoRoot}) down to
 * the project directory, for each configured name {@code N}: {@code N}, then {@code .claude/N} (project
 * level), then {@code CLAUDE.local.md} (local level). Each file is followed at once by the files it
 * {@code @imports}, depth first, each its own {@link InstructionFile} carrying its {@code importedFrom}
 * chain and the importer's {@link InstructionLevel}, where Claude Code places them too. Imports are found
 * by parsing the Markdown, so an {@code @} in code is never taken for one.
 *
 * <p>A file is loaded once per session (by real path). Cycles, depth beyond 5 hops, missing imports,
 * binary, non-UTF-8 or unreadable files, symbolic-link loops, dangling links and directories become
 * {@link LoadWarning}s naming the path; files over 40,000 characters are loaded in full and flagged:
 * nothing is ever cut. {@link LoadedInstructions} is the ledger: every file loaded and every file left
 * out, with the reason, and the prompt text ({@code render()}).
 *
 * <p>A project file comes with its repository, from whoever wrote it, and what it imports reaches the model's
 * provider: its imports are followed inside its repository only (by real path, so a link out counts as out), and one
 * to a file elsewhere ({@code @~/.aws/credentials}) waits for the person's approval, kept per importing file and
 * imported file in Engram's home ({@link ImportApprovals}; {@code engram context --approve-imports}). The user's,
 * local and managed files are the person's or the organisation's own and import from anywhere.
 *
 * <p>{@link InstructionSession} is one session's view: the files loaded at start, and those of each
 * directory strictly below the project down to a file the agent reads, loaded the first time
 * ({@code filesForRead(path)}). After a compaction a new session reloads everything from disk. Its
 * {@code progress()} (directories looked at, files loaded) lets another process carry on
 * ({@link InstructionLoader#resumeSession}); {@link SessionInstructions} does that per session id in
 * the session's ledger, for the PostToolUse hook and the MCP {@code context}
 * tool with a {@code path}.
 *
 * <p>{@link QuickAdd} adds one bullet to the project, local or user file ({@link AddScope}; a new local
 * file goes into {@code .gitignore}), under the heading it belongs to: {@code HeadingChooser} scores each
 * heading of the file ({@code MarkdownSections}) by the words the rule shares with the heading, with the topic
 * the heading names (build and test, code style, git, testing, layout, environment) and with the rules already
 * under it; a generic heading ("Notes", "Rules") takes what nothing else does, and failing that a
 * {@code ## Notes} heading is created at the end. {@link ProjectInit} writes a starting project file from a
 * survey of the repository: the README's first real paragraph ({@code ReadmeSummary}: no title, badge, table of
 * contents or line that only points elsewhere), build tools with their build and test commands and a lint
 * command only where the project configures one, run in the way that uses the project's own setup
 * ({@code BuildToolDetector}), how to run it ({@code RunDetector}: start commands, Maven and Spring profiles,
 * docker-compose services and profiles via {@code ComposeFile}, pre-commit), languages and layout. An existing
 * file is never overwritten unless forced; then the change is shown as a diff and the old file kept as
 * {@code CLAUDE.md.bak} ({@code .bak.2}, ...).
 *
 * <p>Where to start: {@link InstructionLoader#load} or {@link InstructionLoader#startSession}.
 */
package io.engram.instructions;
