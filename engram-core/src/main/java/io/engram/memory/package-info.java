/**
 * Auto memory on disk: topic files with their MEMORY.md index, one directory per project and one for
 * the user, in the format Claude Code reads and writes.
 *
 * <p>A {@link Memory} is one topic file: YAML frontmatter (Claude Code's {@code name}, {@code
 * description}, {@code type}, then Engram's own optional fields such as {@code source}, {@code agent}, {@code session},
 * {@code created}, {@code updated}, {@code supersededBy}, {@code lastRecalled}) and a Markdown body.
 * {@link MemoryType} is the closed set of four kinds (user, feedback, project, reference); {@link
 * MemorySource} says where a memory came from, so recall can weigh it and tool output never passes for
 * an instruction. {@link MemoryFormat} reads and writes the format, keeping unknown keys as they were.
 *
 * <p>A {@link MemoryStore} is one directory: {@code MEMORY.md} (one {@code - [title](file.md) - hook} line per topic
 * file, every other line kept as people wrote it; {@link IndexFile} on disk), the topic files, {@code .trash/} (a
 * forgotten file and its index line, restorable, purged after {@code memory.trashRetentionDays}; {@link StoreTrash})
 * and the {@code .engram-lock} every read-modify-write holds. A write redacts secrets and drops private spans first
 * ({@link RedactedMemory}) and refuses a name that held a secret (redacted, two such names would be one, and the second
 * write would replace the first memory), then replaces the topic file and MEMORY.md atomically under the lock; the
 * topic file is staged before the lock, so concurrent writers overlap their slowest step. When MEMORY.md cannot be
 * written (a full disk), the topic file is put back as it was (a hard link kept the replaced one: {@link
 * ReplacedFile}), so a failed write changes nothing; the write's steps are {@link StoreWriter}'s. A writer killed between the two renames leaves a topic file
 * MEMORY.md does not name; every write adds the lines of such files (title and hook redacted: a file written by hand
 * may hold a secret), so the next one puts the index back in step. Reads
 * never rewrite and take no lock ({@link StoreReader}): a bad file comes back as a {@link MemoryProblem} in the {@link
 * MemoryListing}. A memory's identity is the slug of its name ({@link MemoryNames}, which also refuses names that could
 * leave the directory); a name made from a memory's text is a short readable slug in the text's own script, never a cut
 * URL or a hash ({@link ReadableNames}); a file Claude Code named otherwise is found by its frontmatter and updated in
 * place. A team memory's identity is the slug of its redacted name ({@link TeamMirror#teamName}): the mirror looks a
 * name up redacted, so a name typed with a secret finds what team sync stored. A local memory whose name holds a
 * secret (written by hand, or before redaction) keeps its name and file, and is listed redacted on every surface; a
 * lookup by name (read, forget, restore, history, in the store and its trash) finds it by that listed name too, and
 * by the name typed with its secret ({@link NameQuery}: its own name's slug first, else the slug of the name as
 * shown, asked only of a name that shows with a marker, and only of stored names beginning alike, so a miss in a large
 * store redacts next to nothing); a write under the listed name is refused rather than replace it. {@link IndexText} is the part of MEMORY.md a session loads: whole lines, at most {@code memory.indexMaxLines}
 * (200) lines and {@code memory.indexMaxBytes} (25 KB). A damaged index loads what reads well and says what it
 * skipped: a line that is not UTF-8, holds control characters (binary data), is over {@code memory.indexMaxLineBytes}
 * (4 KB) or is an entry cut short where the file ends is left out and named ({@link IndexText#skipNote()}); {@link
 * IndexLineReader} reads the file in one pass, holding no more than a line's bound whatever the file's size. Elsewhere
 * MEMORY.md is read whole only within {@code memory.indexMaxReadBytes} (4 MB): past it the listing checks the lines
 * up to the bound and says where it stopped ({@link IndexEntries}), and a write fails saying so and leaves it as it is.
 *
 * <p>A memory's description and body hold at most {@code memory.maxMemoryBytes} (64 KB); a larger one is
 * refused whole with a {@link MemoryTooLargeException} naming the limit, whoever writes it. Opening a store
 * clears what killed writers left ({@link Leftovers}: staging files to the trash, temporary files deleted,
 * only when the writer's process is gone or the file is older than any write) and reports each {@link
 * Leftover} once. The store never reads or writes through a symbolic link inside its directory (a topic
 * file, MEMORY.md, {@code .trash}, the lock file): it is listed as a problem and left alone. Recording recall
 * use edits only the {@code lastRecalled} and {@code recallCount} lines ({@link RecallUseEdit}), every other
 * byte of the file staying as written. Names with invisible or text-direction characters are refused.
 *
 * <p>{@link MemoryStores} finds and opens stores. In Engram's layout a project's memory is {@code
 * <home>/projects/<key>/memory/}, the key being the origin remote read from {@code .git} (worktrees
 * followed, {@code git@github.com:Acme/App.git} and {@code https://github.com/acme/app} giving the same
 * {@code github-com-acme-app}), else the sanitized path of the repository root; worktrees share it unless
 * {@code memory.isolateWorktrees}. With {@code memory.layout: CLAUDE_CODE} it is Claude Code's own {@code
 * ~/.claude/projects/<sanitized-root>/memory/}, so both tools share the files. The user's store is always
 * {@code <home>/user/memory/}. {@link ProjectMemory} merges the two: reads see both, the project winning
 * on a name clash; a write updates the memory where it lives, else puts {@code user} memories in the
 * user store; {@link ProjectMemory#markRecalled} records recall use without touching {@code updated}.
 *
 * <p>A store tells a {@link MemoryWriteListener} about every write; the dream registers one to count the
 * sessions that touched memory, so this package knows nothing of the dream. Every write, forget and restore is also
 * published, once on disk, to the {@link MemoryChanges} the store was opened with (a {@link MemoryChange} each): a
 * process keeps one for all its stores, so that a surface showing memories (MCP's resources) hears at once what
 * another wrote; a subscriber that throws cannot fail the change. Events made {@link MemoryChanges#watching()} (the
 * resident service's) also watch each store directory through the operating system, so that what another process
 * writes or a person edits by hand is told too. A {@link MemoryFileCache} handed to {@link MemoryStores#open} keeps
 * parsed topic files across stores (the resident service opens one per call): a file is parsed again when its inode,
 * modification time or size changes, or, while its modification time is recent (an edit in place within one tick of
 * a coarse clock), when a checksum of its bytes does, or when the watching events report it changed (an edit in place
 * with its time put back shows in nothing else). Under watching events it also keeps each directory's listing,
 * used again while the events tell no change to the directory and its and MEMORY.md's times are as they were: a call
 * then neither lists the directory nor looks at each file.
 *
 * <p>A memory's history: every write, forget and restore appends the memory's new version to {@code
 * .engram-history/<slug>.jsonl} ({@link MemoryHistory}, one {@link MemoryVersion} a JSON line) while the store's
 * lock is held, right after the change landed, naming the surface that made it ({@link ChangedBy}: each caller
 * says, through {@code write(memory, by)}, {@code forget(name, by)} and {@code restore(name, by)}). The dream,
 * which writes topic files itself, records through {@link MemoryHistory#recordFile} under the same lock. The team
 * mirror keeps no history (team sync writes it in batches; the team store's own audit log is its history): what
 * {@code team} changes in a local store (a shared copy retired to the trash) is recorded. A file found changed since its last recorded version (Claude Code or a person edited it) is recorded
 * first as {@code outside}; a write that changes only {@code updated} or the recall fields records nothing, and
 * recording recall use never does. Texts are redacted again before they are written. Bounded by {@code
 * memory.historyMaxVersions} per memory and {@code memory.historyMaxBytes} per directory, the oldest dropped
 * first ({@link HistoryBounds}). {@link ProjectMemory#history} reads it, for a forgotten memory too. The frontmatter's {@code agent}, {@code
 * session} and {@code turn} are the provenance extraction records: the coding agent ({@code claude-code}, {@code
 * codex}, {@code gemini}, {@code opencode}, {@code cursor}), the session and the transcript message a memory was
 * read from. A project's memories are one store whichever agent wrote them.
 *
 * <p>{@link ProjectMemory#trashed} lists what both trashes hold ({@link TrashedMemory}), for a surface that
 * offers a restore; {@link MemoryEdit} is the check every person's edit of a whole file passes (it parses, and
 * keeps the memory's name) before it is written.
 *
 * <p>Where to start: {@link MemoryStores#open}, then {@link ProjectMemory}'s {@code write}, {@code read},
 * {@code list}, {@code forget} and {@code restore}.
 */
package io.engram.memory;
