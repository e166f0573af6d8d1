/**
 * Safe file writing for everything Engram keeps on disk: atomic replacement, locks that hold across
 * threads and processes, and the per-session directory.
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
 * <p>State that belongs to one agent session lives in {@link SessionDirectory}, {@code
 * <home>/sessions/<session-id>/}; session ids come from transcripts and hook input, so an id that could
 * not name a directory of its own is refused there rather than mapped onto another id's files. {@link
 * SessionStateFile} is the small JSON state of such a session (what the hooks or recall already sent),
 * changed only by a locked read-modify-write. {@link GitIgnore} lists a personal file in a repository's
 * {@code .gitignore}. {@link SymbolicLinks} holds the rule that a memory directory is never left through a
 * symbolic link inside it (a lock file included): such a link is reported and left alone. {@link FileTrees}
 * deletes a directory with everything below it (scratch directories, an index rebuilt from scratch).
 *
 * <p>Where to start: {@link AtomicFiles#writeString} under a {@link FileLock#acquire}.
 */
package io.engram.fs;
