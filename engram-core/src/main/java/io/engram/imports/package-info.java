/**
 * Another agent's own memory brought into the project's ({@code engram import --from}).
 *
 * <p>An {@link ImportSource} is an agent that keeps memory of its own: Claude Code's auto memory (topic files in the
 * format Engram keeps too), Codex's consolidated {@code MEMORY.md} files (the project's, keyed by a hash of its path,
 * the user's and the machine's) and Gemini CLI's memory (the project's private folder, found through its {@code
 * projects.json}, and the facts it added to the user's {@code GEMINI.md}). {@link AgentHomes} says where each keeps
 * it for one project, as that agent's own code finds it. A Markdown file that is not one memory is split into its
 * facts: a section per heading, else a list item each; what is about the person wherever they work (the user's files)
 * becomes a user memory.
 *
 * <p>{@link MemoryImport} merges by meaning: what the store already says, by words or (with an embedding model) by
 * meaning, as the dream finds near-duplicates, is reported as known under its name and not written; a second item of
 * the import that says what an earlier one said, likewise. So an import run twice writes nothing the second time.
 * What is written has source {@code import} and records its agent ({@link io.engram.memory.Memory#agent()}); the
 * result is an {@link ImportOutcome} per item read, with the files that could not be read named.
 *
 * <p>Where to start: {@link MemoryImport#run}.
 */
package io.engram.imports;
