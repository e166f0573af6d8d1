/**
 * The dream: a periodic consolidation of a project's memory directory that merges what says the same
 * thing, supersedes what was contradicted, pins relative dates, flags stale references and keeps the
 * index short, safely: every run can be previewed and undone.
 *
 * <p>{@link Dream} is the entry point ({@code engram dream}, the SessionEnd hook, the demo). {@link
 * Dream#run} first checks three {@link Gate}s ({@link GateReport}): 24 hours since the last consolidation,
 * 5 sessions that touched memory since, and no other dream holding the lock; {@code force} opens the first
 * two, never the lock. The sessions are counted by {@link Dream#sessionCounter()}, a write listener that
 * whoever opens a store for a session registers: every memory written with a session id records that
 * session in {@code <memory>/.dream/state.json}. The lock, {@code .consolidate-lock}, holds the runner's
 * process id; its modification time is the last clean finish. A run that fails or is killed leaves that
 * time rolled back, so the next session retries.
 *
 * <p>A run has four phases ({@link DreamPhase}, reported to a {@link DreamProgress}). Orient lists the
 * project store (the user's store is not dreamed). Gather reads the transcripts of the sessions since the
 * last consolidation (Claude Code's project directory, plus those the hooks recorded in {@link
 * SessionTranscripts}) from where the per-turn extraction pass stopped, through the same turn mapping and
 * the offline extractor, and adds what they teach. Consolidate pins relative dates to the session's date,
 * then decides merges and supersessions with the model (a validated JSON plan) or offline: near-duplicate
 * groups merged into their newest member, then contradictions among what is left, the older memory
 * superseded. Prune lists references to missing files and symbols under {@code stale:} and brings MEMORY.md
 * back under its 200 lines and 25 KB.
 *
 * <p>Every phase only adds changes to a plan (create, update, merge, supersede, trash, index prune), each
 * with its full before and after text; a dry run stops there and shows the plan as a unified diff ({@link
 * DreamResult#diff()}). Applying it first snapshots every file it touches into {@code
 * .dream/undo/<run-id>/}, then writes under the store's lock, refusing a file that no longer holds the
 * plan's before-text: topic files first, then MEMORY.md at once, then merged-away files to the store's trash,
 * so after a kill at any point the index names only files that exist ({@link PlanApplier}); the journal marks
 * the run complete at the end, and the next run undoes an incomplete one before it plans. Planning has a time
 * budget ({@code dream.timeBudgetSeconds}, {@link PlanningBudget}): past it nothing is applied, the lock is
 * released and the result is {@link DreamResult.Outcome#TIMED_OUT}. With {@code memory.review} at {@code
 * PROPOSE} no memory is written: each change that touches topic files waits in the review inbox as one proposal
 * ({@code DreamProposals}, {@link DreamResult.Outcome#PROPOSED}), and accepting it makes the same writes; only the
 * index's upkeep against the files as they are (MEMORY.md is the store's list, not a memory) is applied, undoable. The lock is honoured only while its
 * holder is proven alive (PID and process start) and recent ({@code dream.lockMaxAgeSeconds}). Every scan of
 * memory text is linear in its length: patterns start at the beginning of a run or are bounded, trims are
 * loops ({@code TextEnds}), fenced code is found line by line ({@code FencedCode}), and sentences past {@code
 * Statement.MAX_SENTENCE} are not read for values. {@link Dream#undo()} restores the state before the last run
 * ({@link UndoResult}), keeping a file someone changed since the run as it is and saying so (what the run left is
 * recorded when it completes: {@code LeftByRun}), and the MEMORY.md lines of memories others saved or edited since ({@code UndoneIndex}); {@link Dream#recoverInterrupted} rolls back a run killed while applying, called by
 * whoever opens the store, so MEMORY.md and the files agree from then on. {@link Dream#history()} lists the applied runs
 * ({@link DreamRun}: phases with their items and time, changes, diff, undone or not), each kept as
 * {@code run.json} beside its undo journal and pruned with it. {@link DreamOptions} say whether to force and
 * whether to only plan; {@link DreamResult} says what happened.
 *
 * <p>The text rules work on their own small input, {@link DescriptionAndBody} (id, text, when last written), so
 * they can be used on any memories: {@link NearDuplicates} (word-bigram Jaccard at or above {@code
 * dream.mergeSimilarity}, {@link DuplicatePair}s; with an embedder through the recall package's port, also by
 * meaning: {@link MeaningMatch}, a cosine at or above the model's {@code dream.meaningSimilarity}, unless the
 * two name different specifics such as another port or service; the merged body then keeps one wording of a
 * sentence said twice), {@link Contradictions} (alternatives, negation flips,
 * changed values of the same key, {@link Contradiction}s) and {@link RelativeDates} ("yesterday" becomes
 * "yesterday (2026-05-11)", never inside code, each a {@link DateMention}; the phrases and the one ISO-week
 * arithmetic that pins them, in six languages, are {@code io.engram.dates}'s). Consolidate pins a memory's
 * description and body together, and the MEMORY.md line of a file whose description changed is written again from
 * it, so the three never name different days.
 *
 * <p>Where to start: {@link Dream#run}.
 */
package io.engram.dream;
