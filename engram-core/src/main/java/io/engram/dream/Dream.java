package io.engram.dream;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import io.engram.memory.MemoryHistory;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryWriteListener;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import io.engram.redact.SecretRedactor;
import io.engram.review.Inbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The dream: consolidates a project's memory directory, safely: previewed, journalled and undoable.
 *
 * <p>{@link #run} checks the gates ({@link DreamGates}; {@code force} opens time and sessions, never
 * the lock), takes the {@link ConsolidationLock}, builds a {@link DreamPlan} in four phases (orient,
 * gather, consolidate, prune; merges and supersessions decided by the model when one is configured,
 * else, or when it fails, by the offline rules), snapshots every file the plan touches in the {@link
 * UndoJournal}, applies the changes one at a time under the store's lock (merged-away duplicates go to
 * the store's trash; nothing is deleted), and commits the lock, which stamps the consolidation. A run
 * that fails or is killed leaves the lock's mtime rolled back, so the next run retries on whatever is on
 * disk; every memory is then a file, a superseded file, or in the trash, and {@link #undo} restores the
 * state before the run. A dry run builds the plan and its diff without taking the lock or writing a
 * memory. Only the project store is dreamed; the user-level store is not.
 */
public final class Dream {
  private final EngramRoots roots;
  private final EngramSettings settings;
  private final ModelRouter router;
  private final Clock clock;
  private final Optional<Supplier<Embedder>> embedder;
  private final Consumer<DreamChange> afterEachChange;

  /**
   * A dream over the project of {@code roots}; {@code router} decides between model and offline;
   * near-duplicates are found by words only.
   */
  public Dream(EngramRoots roots, EngramSettings settings, ModelRouter router, Clock clock) {
    this(roots, settings, router, clock, Optional.empty(), change -> {});
  }

  /**
   * A dream that also finds near-duplicates by meaning with the embedder {@code embedder} supplies, if any (loaded
   * only when a run has memories to compare; a model that fails to load leaves words alone, reported in
   * {@link DreamResult#problems()}).
   */
  public Dream(EngramRoots roots, EngramSettings settings, ModelRouter router, Clock clock,
      Optional<Supplier<Embedder>> embedder) {
    this(roots, settings, router, clock, embedder, change -> {});
  }

  private Dream(EngramRoots roots, EngramSettings settings, ModelRouter router, Clock clock,
      Optional<Supplier<Embedder>> embedder, Consumer<DreamChange> afterEachChange) {
    this.roots = Objects.requireNonNull(roots, "roots");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.router = Objects.requireNonNull(router, "router");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.afterEachChange = afterEachChange;
  }

  /**
   * The write listener that counts sessions for the session gate: a memory written with a session id
   * records that session in the dream state of the directory it was written to. Whoever opens a store
   * for a session (the CLI, the hooks' host, the MCP server) registers it with {@link
   * MemoryStores#open(EngramRoots, EngramSettings, Clock, MemoryWriteListener)}.
   */
  public static MemoryWriteListener sessionCounter() {
    return (memoryDir, saved, at) -> {
      Optional<String> session = saved.stored().memory().session();
      if (session.isPresent()) {
        new DreamStateFile(memoryDir).recordSession(session.get(), at);
      }
    };
  }

  /**
   * Rolls back a run whose process died while it applied its plan, unless a live run holds the lock: whoever
   * opens the store calls this first, so MEMORY.md and the files it names agree whatever point the run was
   * killed at (a kill can fall between the topic files and the index, or between the index and the trash).
   * Cheap when there is nothing to do: one small file read. Returns what was put back, if anything.
   */
  public static Optional<String> recoverInterrupted(EngramRoots roots, EngramSettings settings) throws IOException {
    Path dir = MemoryStores.locate(roots, settings).projectDir();
    if (!Files.isDirectory(dir.resolve(UndoJournal.DIR), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    UndoJournal journal = new UndoJournal(dir, MemoryHistory.of(dir, settings.memory(), SecretRedactor.standard(),
        Clock.systemUTC()));
    if (journal.interrupted().isEmpty()) {
      return Optional.empty();
    }
    Optional<ConsolidationLock> lock = ConsolidationLock.tryAcquire(dir, settings.dream(), Instant.now());
    if (lock.isEmpty()) {
      return Optional.empty();
    }
    // Closed without a commit: the lock's time goes back to the last clean finish, so the next dream retries.
    try (ConsolidationLock held = lock.get()) {
      Optional<String> interrupted = journal.interrupted();
      if (interrupted.isEmpty()) {
        return Optional.empty();
      }
      Optional<UndoResult> undone = journal.undo();
      int files = undone.map(u -> u.restored().size() + u.removed().size()).orElse(0);
      return Optional.of("dream run " + interrupted.get() + " was stopped while applying; its " + files
          + " file(s) were put back as they were before it");
    }
  }

  /** The same dream calling {@code hook} after each applied change (tests pause or fail there). */
  Dream afterEachChange(Consumer<DreamChange> hook) {
    return new Dream(roots, settings, router, clock, embedder, hook);
  }

  /** The project memory directory this dream consolidates. */
  public Path memoryDir() throws IOException {
    return MemoryStores.locate(roots, settings).projectDir();
  }

  /** Checks the gates without running. */
  public GateReport gates(boolean force) throws IOException {
    return new DreamGates(memoryDir(), settings.dream()).check(clock.instant(), force);
  }

  /**
   * Runs the dream; see the class comment. A closed gate returns {@link DreamResult.Outcome#GATED}
   * with nothing read or written.
   */
  public DreamResult run(DreamOptions options, DreamProgress shown) throws IOException {
    DreamRuns.PhaseLog progress = new DreamRuns.PhaseLog(shown, clock);
    Path dir = memoryDir();
    // The dream's state, journal and lock live in .dream/: never through a link out of the store.
    io.engram.fs.SymbolicLinks.refuseBelow(dir, dir.resolve(".dream"));
    Instant start = clock.instant();
    GateReport gates = new DreamGates(dir, settings.dream()).check(start, options.force());
    if (!gates.open()) {
      return DreamResult.gated(gates);
    }
    // A fixed clock: every trash stamp of the run is its start, as the plan was built.
    MemoryStore store = MemoryStores.directory(dir, settings.memory(), Clock.fixed(start, ZoneOffset.UTC),
        sessionCounter());
    Consolidation consolidation = new Consolidation(roots, settings, router, dir, start, embedder);
    PlanningBudget budget = new PlanningBudget(Duration.ofSeconds(settings.dream().timeBudgetSeconds()));
    if (options.dryRun()) {
      Optional<Consolidation.Planned> p = budget.plan(consolidation, store, gates.lastConsolidation(), progress);
      return p.map(planned -> DreamResult.of(DreamResult.Outcome.DRY_RUN, gates, Optional.empty(), planned, List.of(),
              List.of()))
          .orElseGet(() -> DreamResult.timedOut(gates, settings.dream().timeBudgetSeconds(), List.of()));
    }
    Optional<ConsolidationLock> lock = ConsolidationLock.tryAcquire(dir, settings.dream(), start);
    if (lock.isEmpty()) {
      return DreamResult.gated(new DreamGates(dir, settings.dream()).check(start, options.force()));
    }
    try (ConsolidationLock held = lock.get()) {
      // Trash past its retention goes first, so the run reports every file it deleted (a merge's own
      // forget would purge the same files, unreported).
      UndoJournal journal = new UndoJournal(dir, history(dir));
      List<String> recovered = rollBackInterrupted(journal);
      List<String> purged = store.purgeTrash().stream().map(f -> relative(dir, f)).toList();
      Optional<Consolidation.Planned> planned = budget.plan(consolidation, store, gates.lastConsolidation(), progress);
      if (planned.isEmpty()) {
        // The lock's close below rolls its time back: the run did not happen, and the next one may start.
        return DreamResult.timedOut(gates, settings.dream().timeBudgetSeconds(), purged);
      }
      Consolidation.Planned p = planned.get().withProblems(recovered);
      if (!held.stillHeld()) {
        throw new IOException("the dream's lock on " + dir + " was taken over while it planned (it ran past"
            + " dream.lockMaxAgeSeconds); nothing was applied");
      }
      if (p.plan().isEmpty()) {
        held.commit(clock.instant());
        return DreamResult.of(DreamResult.Outcome.NOTHING_TO_DO, gates, Optional.empty(), p, purged, List.of());
      }
      DreamResult.Outcome outcome = DreamResult.Outcome.APPLIED;
      List<String> proposed = List.of();
      if (settings.memory().review() == MemorySettings.Review.PROPOSE) {
        // A person reviews the changes to memories: they wait in the inbox, and the run counts as a consolidation.
        // MEMORY.md is no memory but the store's list of them, rewritten by every write unreviewed: its upkeep against
        // the files as they are is applied, undoable, or the index would outgrow its limits for good.
        List<String> problems = new ArrayList<>(p.problems());
        proposed = DreamProposals.propose(p.plan(), dir,
            Inbox.of(roots.engramHome(), MemoryStores.locate(roots, settings).projectKey(), settings.memory(),
                clock), problems);
        outcome = DreamResult.Outcome.PROPOSED;
        p = p.withPlan(consolidation.indexUpkeep(store), problems);
        if (p.plan().isEmpty()) {
          held.commit(clock.instant());
          return DreamResult.of(outcome, gates, Optional.empty(), p, purged, proposed);
        }
      }
      String runId = UndoJournal.newRunId(start);
      SortedSet<String> snapshot = new TreeSet<>(p.plan().touchedPaths());
      // Trashing a file rewrites the index too, even when the plan leaves the index text as it was.
      if (Files.exists(dir.resolve(MemoryStores.INDEX_FILE))) {
        snapshot.add(MemoryStores.INDEX_FILE);
      }
      journal.begin(runId, snapshot);
      progress.phase(DreamPhase.APPLY, p.plan().changes().size());
      try {
        new PlanApplier(dir, store, settings.memory().maxTopicBytes(), afterEachChange,
            history(dir)).apply(p.plan(), progress);
      } catch (IOException | RuntimeException e) {
        // A run that stopped on its own (a file changed under it) ended where it says; only a run whose
        // process died is rolled back by the next one, which must not undo another writer's change.
        journal.complete(runId);
        throw e;
      }
      journal.complete(runId);
      held.commit(clock.instant());
      journal.prune(clock.instant(), Duration.ofDays(settings.memory().trashRetentionDays()));
      DreamResult applied = DreamResult.of(outcome, gates, Optional.of(runId), p, purged, proposed);
      try {
        new DreamRuns(dir).record(runId, start, applied, progress.phases());
      } catch (IOException e) {
        // The run is applied and undoable; only its page in the history is missing.
      }
      return applied;
    }
  }

  /**
   * The applied runs, newest first, each with its phases, changes and diff, whether it was undone, and which
   * one {@link #undo} would take back; runs are kept as long as their undo journals
   * ({@code memory.trashRetentionDays}, the last one always).
   */
  public List<DreamRun> history() throws IOException {
    return new DreamRuns(memoryDir()).list();
  }

  /**
   * Restores the memory directory to its state before the last dream run (files the run created are
   * set aside, trashed files come back), except a file someone changed since the run, which is kept as it is and
   * named in the result with why. Empty when there is no run to undo. Refuses while a dream
   * runs. The consolidation stamp stays: the next dream waits for its gates, or {@code --force}.
   */
  public Optional<UndoResult> undo() throws IOException {
    Path dir = memoryDir();
    Optional<ConsolidationLock> lock = ConsolidationLock.tryAcquire(dir, settings.dream(), clock.instant());
    if (lock.isEmpty()) {
      throw new IOException("a dream is running on " + dir + "; undo when it has finished");
    }
    try (ConsolidationLock held = lock.get()) {
      return new UndoJournal(dir, history(dir)).undo();
    }
  }

  /**
   * Undoes the last run if its process died while applying it, so the store is back to the state before
   * that run and this run plans from there; says so in the result's problems.
   */
  private static List<String> rollBackInterrupted(UndoJournal journal) throws IOException {
    Optional<String> interrupted = journal.interrupted();
    if (interrupted.isEmpty()) {
      return List.of();
    }
    Optional<UndoResult> undone = journal.undo();
    int files = undone.map(u -> u.restored().size() + u.removed().size()).orElse(0);
    return List.of("dream run " + interrupted.get() + " stopped while applying; its " + files
        + " file(s) were put back as they were before it, and this run planned again");
  }

  private static String relative(Path dir, Path file) {
    return dir.relativize(file).toString().replace('\\', '/');
  }

  private MemoryHistory history(Path dir) {
    return MemoryHistory.of(dir, settings.memory(), SecretRedactor.standard(), clock);
  }
}
