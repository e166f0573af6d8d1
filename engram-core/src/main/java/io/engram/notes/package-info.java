/**
 * Session notes: a running record of one session, kept while the context is still whole, so that a
 * compaction can reuse it instead of summarising those messages again.
 *
 * <p>{@link SessionNotes} is the template: three free-text sections (Current State, Files and Functions,
 * Errors and Corrections) and a worklog of entries, oldest first ({@link NotesSection}); it renders to
 * Markdown and parses back. Each section is capped at about 2,000 tokens and the whole at about 12,000;
 * the oldest worklog entries give way first.
 *
 * <p>{@link SessionNotesKeeper} is the pass: under the session's notes lock it reads the stored notes,
 * measures the context after the last message (the provider's recorded usage where there is one, plus
 * the calibrated estimate of what followed; only since the last compaction) and the tool calls since the
 * covered point, and a schedule decides ({@link NotesAction}): start once the context holds 10,000
 * tokens, then update after it grew by 5,000 tokens and 3 tool calls, or whenever forced (before a
 * compaction). The notes are computed with the configured model (the current notes plus the new messages,
 * a JSON answer of the three sections and new worklog entries) or offline (the state sections rebuilt
 * from the transcript's views, with the names each written file defines on its definition lines, never
 * from comments or prose ({@code DefinedSymbols}); one worklog entry per new turn); earlier worklog entries
 * are always kept, secrets are redacted, and {@link NotesUpdate} says what was decided and written
 * ({@code forced} whenever the caller forced it, whether or not the schedule was due).
 *
 * <p>Given the transcript file ({@code update(Path, String, boolean)}, what the hooks call), the keeper reads only
 * the lines after its checkpoint and carries over, in {@code notes-progress.json} ({@code NotesProgress}), the
 * window's running size ({@link io.engram.context.ContextTally}), the tool calls and worklog entries since the
 * notes were written, and the offline engine's {@code NotesLedger} (latest request and reply, open todos, the
 * files with their counts and defined names, errors, corrections; each bounded, each text redacted); a model
 * gets the notes with those worklog entries and the messages of the last piece read. A file that is no longer
 * the one read (checksum) is read again from its start.
 *
 * <p>{@link NotesStore} keeps them in {@code <home>/sessions/<id>/notes.md} with {@code notes-state.json}
 * beside it ({@link NotesState}: messages covered, the last covered message's uuid, the context size then);
 * {@link StoredNotes} is the pair. Notes of another transcript under the same id are archived, never
 * overwritten. Compaction reads them back through the store.
 *
 * <p>Where to start: {@link SessionNotesKeeper#forProject}, then {@link SessionNotesKeeper#update}; the
 * command line's {@code engram notes} and the hooks use exactly that keeper.
 */
package io.engram.notes;
