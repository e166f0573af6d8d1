/**
 * Team memory on PostgreSQL: what a team learns, shared through one database, offline-first.
 *
 * <p><b>Schema.</b> {@link io.engram.team.TeamSchema} applies the Flyway migrations in {@code db/team} (an
 * administrator's job, {@code engram team migrate}). Every member logs in as a PostgreSQL role of their own in the
 * group {@code engram_member}; {@code engram.members} gives them a role per project ({@link io.engram.team.TeamRole}:
 * reader, writer, maintainer), and row-level security, column grants, constraints and triggers enforce it in the
 * database, not in the client, whatever SQL a member sends: only project and reference memories, at most 64 KiB,
 * text without control characters, in typed columns (paths, supersedes, valid_until: no free JSON whose keys a
 * mirror would write as frontmatter); a writer changes, removes and restores only their own memories, a maintainer
 * any; a member reads the member lists of their own projects only (the rank function reads the list with the
 * owner's rights and answers for the caller alone). Triggers stamp the author, who changed a memory last, its version and the project's change number
 * (drawn under a per-project advisory lock, so "everything after change N" is an exact sync cursor), and write the
 * audit log as the schema's owner; a member can read the log of their projects but never write it.
 *
 * <p><b>Sharing.</b> {@link io.engram.team.TeamMemory} is the one entry point (the CLI's {@code engram team}).
 * {@code share} reads the member's own memory, refuses {@code user} and {@code feedback} memories (personal) and
 * anything over {@code memory.maxMemoryBytes}, redacts secrets again ({@link io.engram.team.TeamContent}: every text,
 * the origin's file name too; the team's slug is made from the redacted name, {@link
 * io.engram.memory.TeamMirror#teamName}, through which every command that names a team memory looks it up too, so a
 * name typed with its secret finds what was stored, and so does the redacted name a listing shows), and queues the change in the durable {@link io.engram.team.Outbox} (one JSON file per change, atomic, under the
 * outbox's lock) before sending it ({@link io.engram.team.ChangeDelivery}). A change carries the team version it was
 * made from: the database takes it only against that version, else keeps it whole as a conflict ({@code engram.conflicts}) beside the version it lost
 * to, until {@code engram team resolve} settles it (the edit's author, keeping the team's version; the memory's
 * author or a maintainer, either way; a resolution is reported only once the database recorded it); nothing is
 * overwritten silently. A change id recognises a retry
 * whose answer was lost. Once the team holds exactly the words of the member's project copy, the copy goes to the
 * trash ({@link io.engram.team.LocalCopies}) and the member follows the team's version. {@code remove} queues a
 * removal made against the version the mirror holds (one changed since is refused, not removed unseen); the
 * database lets only the memory's author or a maintainer make it, keeps the row as a removed tombstone so that
 * every mirror learns of it at its next pull (and the watchers at once, through the notification), and audits it.
 *
 * <p><b>Sync.</b> {@link io.engram.team.TeamSync}, one per project at a time across processes: push the outbox
 * ({@link io.engram.team.TeamPush}; with the database unreachable it stops and everything stays queued), read every
 * row changed after the cursor in one snapshot (a database lost midway leaves everything as it was), then write them
 * in batches into the mirror ({@link io.engram.team.TeamPull},
 * {@link io.engram.team.MirrorWriter}: atomic files under the mirror's store lock, secrets redacted again, file names
 * derived from names, never taken from the database), keep the open conflicts on disk, then review: a team memory
 * that one of the member's own corrections contradicts is marked superseded in this member's mirror, so recall
 * brings the correction and leaves the team's out, and the member is told ({@link io.engram.team.TeamReview}); the
 * review proposes, it never changes a team memory. The state ({@code state.json}) is written after each step.
 *
 * <p><b>Cost.</b> A pulled batch ({@code team.pullBatchSize} rows) is written as one {@link io.engram.fs.AtomicBatch}:
 * every file still atomic (temporary file, forced, renamed), but the batch's files are forced together from
 * {@code team.mirrorSyncThreads} threads and the directory once, and the cursor moves past the batch only after
 * that, so a crash mid-batch leaves old or new files, never torn ones, and the next sync pulls the batch again. The
 * review weighs only what this sync changed while the member's corrections stay the same (a new or changed
 * correction weighs the whole mirror once). So a sync costs what changed plus a connection; a full pull costs the
 * rows (figures in docs/BENCHMARKS.md, "Team memory on PostgreSQL").
 *
 * <p><b>Watching.</b> {@link io.engram.team.TeamWatcher} keeps a mirror up to date in the background: it LISTENs on
 * the channel the triggers notify (the payload is the md5 of the project key) and syncs when its project changed,
 * debounced, with a periodic fallback and reconnection with backoff; every sync it runs also sends the outbox, so
 * what was queued while the database was down goes out when it reconnects. The resident service (engram-cli's
 * {@code io.engram.service.TeamWatchers}) starts one for each connected project it serves, at the project's
 * first request (the watcher's first sync brings what was shared while it was not served; the request itself
 * never waits for it), and looks again at a project served while not connected after {@code
 * team.watchFallbackSeconds}.
 *
 * <p><b>On disk</b>, per project under {@code <home>/projects/<remote-key>/team/}: {@code connection.json} (the URL
 * and member, never a password: it comes from {@code ENGRAM_TEAM_PASSWORD} or {@code ~/.pgpass},
 * {@link io.engram.team.TeamPassword}), {@code state.json}, {@code outbox/}, {@code refused/}, {@code conflicts/},
 * and {@code memory/}, the mirror core reads as {@link io.engram.memory.MemoryScope#TEAM}. Without {@code
 * connection.json} every step that needs the database refuses with how to connect ({@link
 * io.engram.team.TeamNotConnectedException}); {@code status} answers from these files alone.
 */
package io.engram.team;
