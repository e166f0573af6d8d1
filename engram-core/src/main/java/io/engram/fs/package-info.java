/**
 * Safe file writing for everything Engram keeps on disk: atomic replacement, locks that hold across
 * threads and processes, where each file lives under Engram's home, and each session's ledger.
 *
 * <p>Every write to user data goes through {@link AtomicFiles}: the bytes go to a temporary file in the
 * same directory, which is forced to disk and renamed over the target, so a reader or a crash sees the
 * old content or the new, never a torn file. A replaced file keeps its permissions. {@link AtomicBatch} does the
 * same for many files of one directory at once, forcing them together and the directory once, so a batch of a
 * thousand costs a few disk waits instead of two thousand.
 *
 * <p>A read-modify-write holds a {@link FileLock} on a lock file beside the data: the operating
 * system's lock keeps other processes out (each Claude Code hook call is a JVM of its own), a lock per
 * path keeps other threads of this process out. It is not reentrant.
 *
 * <p>{@link HomeLayout} owns the layout of Engram's home: every file name under it (settings, the usage ledger,
 * locks, models, the service's directory, each project's memory, index, history and conversations, each session's
 * files) is put together there and nowhere else; the modules own what lies inside the directory it gives them
 * ({@code service/}, a project's {@code team/}). Session ids come from transcripts and hook input, so an id that
 * could not name a directory of its own is refused there rather than mapped onto another id's files.
 *
 * <p>What Engram keeps about one agent session between calls is one {@link SessionLedger}: {@code session.json}
 * with one lock, a section per concern (what recall sent, shared by the hooks, the MCP server and the command line;
 * the hooks' handover; the levels; the instruction files loaded; where extraction got to), each change a locked
 * read-modify-write that may span sections and may nest on its thread. A section an earlier version kept in a
 * file of its own is read from there until the ledger holds it. {@link SessionStateFile} is one section changed
 * alone. Work that must not run twice at once (an extraction pass, a notes update) holds a lock of its own,
 * never the ledger's. {@link GitIgnore} lists a personal file in a repository's
 * {@code .gitignore}. {@link SymbolicLinks} holds the rule that a memory directory is never left through a
 * symbolic link inside it (a lock file included): such a link is reported and left alone. {@link FileTrees}
 * deletes a directory with everything below it (scratch directories, an index rebuilt from scratch).
 * {@link ErrorText} says a failure in one line, a file-system one as the path and what was wrong with it.
 *
 * <p>Where to start: {@link AtomicFiles#writeString} under a {@link FileLock#acquire}.
 */
package io.engram.fs;
