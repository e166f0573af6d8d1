package io.engram.recall;

import io.engram.config.HooksSettings;
import io.engram.config.RecallSettings;
import io.engram.fs.SessionStateFile;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Recall over a project's memory store: the one entry point the command line, the hooks and the MCP
 * server use.
 *
 * <p>Each call lists the store, maps every topic file to a {@link RecallDocument} (id = file name;
 * superseded when {@code supersededBy} is set or {@code validUntil} has passed), brings the on-disk
 * index at {@code <home>/projects/<key>/index/<mode>/} in step ({@link ProjectIndex}: only changed memories are
 * re-indexed; the index is a cache, see {@link OpenedIndex} for what happens when it is busy or broken), runs a
 * {@link Recaller} resumed from the session's state. Use is recorded apart ({@link #recordUse}: {@code lastRecalled}
 * and {@code recallCount}, through {@link ProjectMemory#markRecalled}, which feed hotness), only for what the agent
 * asked for or read.
 * Session state (names sent and bytes used) lives in the session's ledger ({@link RecallSessionState#SECTION}, the
 * hooks' too), changed under its lock, so budgets and the no-repeat rule hold across processes. Thread-safe.
 */
public final class MemoryRecall {

  /** Opens (or creates) the on-disk search index kept in a directory; throws when it cannot. */
  @FunctionalInterface
  public interface IndexOpener {
    /** The index stored in {@code dir}. */
    SearchIndex open(Path dir);
  }

  /**
   * What recall searches with.
   *
   * @param onDisk opener of the persistent index; empty: an in-core index built in memory each call
   * @param embedder the embedding model, loaded on first use; empty: keyword search only
   * @param reranker the model re-ranking the short list; empty: the hybrid order
   */
  public record Backend(
      Optional<IndexOpener> onDisk, Optional<Supplier<Embedder>> embedder, Optional<Reranker> reranker) {
    /** Validates. */
    public Backend {
      Objects.requireNonNull(onDisk, "onDisk");
      Objects.requireNonNull(embedder, "embedder");
      Objects.requireNonNull(reranker, "reranker");
    }

    /** Keyword search over an in-core index built per call, no model: what needs no other module. */
    public static Backend keywordInMemory() {
      return new Backend(Optional.empty(), Optional.empty(), Optional.empty());
    }
  }

  /**
   * One call's answer.
   *
   * @param result the memories chosen, what was left out and why, the bytes used
   * @param retrieval how candidates were found: {@code bm25} or {@code bm25 + vectors (<model>)}
   * @param index which index answered (on disk and what the sync did, or in memory and why)
   * @param session the session id whose state was used and updated, if any
   * @param notes anything that went less than well (index rebuilt, recall use not recorded...)
   */
  public record Outcome(
      RecallResult result, String retrieval, String index, Optional<String> session, List<String> notes) {
    /** Copies the list. */
    public Outcome {
      notes = List.copyOf(notes);
    }
  }

  private final ProjectMemory memory;
  private final Path home;
  private final RecallSettings settings;
  private final Backend backend;
  private final Clock clock;
  private final RecallRuntime runtime;
  private final ProjectIndex projectIndex;
  private final StoreSearch search;

  /** Recall over {@code memory}, keeping the index and session state under Engram's {@code home}. */
  public MemoryRecall(ProjectMemory memory, Path home, RecallSettings settings, Backend backend, Clock clock) {
    this(memory, home, settings, backend, clock, RecallRuntime.oneShot(Duration.ofMillis(settings.embeddingBudgetMillis()),
        Duration.ofMillis(HooksSettings.DEFAULTS.sessionLockWaitMillis())));
  }

  private MemoryRecall(ProjectMemory memory, Path home, RecallSettings settings, Backend backend, Clock clock,
      RecallRuntime runtime) {
    this.memory = Objects.requireNonNull(memory, "memory");
    this.home = Objects.requireNonNull(home, "home");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.backend = Objects.requireNonNull(backend, "backend");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.runtime = runtime;
    LoadedEmbedder model = new LoadedEmbedder(backend.embedder());
    this.projectIndex = new ProjectIndex(memory, home, settings, backend.onDisk(), clock, model, runtime.resident(),
        runtime.pendingVectors(), runtime.embeddingBudget());
    this.search = new StoreSearch(memory, backend.reranker(), clock, model, projectIndex, runtime.queryReading());
  }

  private MemoryRecall with(RecallRuntime changed) {
    return new MemoryRecall(memory, home, settings, backend, clock, changed);
  }

  /**
   * This recall, but writing {@code lastRecalled}/{@code recallCount} back to the memories used ({@link #recordUse})
   * on {@code executor} instead of before answering: those writes (one synced file per memory) cost more than
   * the rest of a warm recall, and a resident process can do them after the answer. A failed write then
   * throws from the task, for the executor to report.
   */
  public MemoryRecall recordingUseOn(Executor executor) {
    return with(runtime.withUseRecording(executor));
  }

  /**
   * This recall, keeping the on-disk index open in {@code indexes} between calls (a resident process's; see
   * {@link ResidentIndexes}) instead of opening it and reading its stored hashes each call.
   */
  public MemoryRecall keepingIndexesIn(ResidentIndexes indexes) {
    return with(runtime.withResident(indexes));
  }

  /**
   * This recall, embedding on {@code executor} what a call's sync left keyword-only (a store new to the index
   * embeds for minutes): one slice of about the embedding budget per task, each task queueing the next until
   * nothing is left, so the work interleaves with the calls queued on the same executor. Takes effect with
   * {@link #keepingIndexesIn}, whose {@link ResidentIndexes} lets one such run go per index.
   */
  public MemoryRecall embeddingPendingOn(Executor executor) {
    return with(runtime.withPendingVectors(executor));
  }

  /**
   * This recall, beginning each query's reading by the model on {@code executor} while it lists the store and brings
   * the index in step, instead of after ({@link QueryAhead}): a resident process answers while the agent waits, and
   * the machine has a second core. The answers are the same; the caller reads the query itself when no thread of
   * {@code executor} has begun it by the time the search needs it.
   */
  public MemoryRecall readingQueriesOn(Executor executor) {
    return with(runtime.withQueryReading(executor));
  }

  /** This recall, its syncs embedding for about {@code budget} each (tests use zero: one batch a sync). */
  MemoryRecall withEmbeddingBudget(Duration budget) {
    return with(runtime.withEmbeddingBudget(budget));
  }

  /**
   * This recall, waiting up to {@code wait} for another recall of the same session to release the session's ledger
   * ({@code hooks.sessionLockWaitMillis}, which the project's {@code Engram} gives it).
   */
  public MemoryRecall waitingForTheSession(Duration wait) {
    return with(runtime.withSessionLockWait(wait));
  }

  /**
   * Recalls for {@code query}, a search someone asked for ({@link RecallKind#SEARCH}). With a session id, the session's persisted state is resumed and updated
   * (no memory twice, the session byte budget across calls); without, the call stands alone.
   */
  public Outcome recall(String query, Optional<String> sessionId) throws IOException {
    return recall(RecallQuery.of(query), sessionId, settings.filesPerTurn());
  }

  /** As {@link #recall(String, Optional)}, sending at most {@code maxFiles} (and never over the per-turn limit). */
  public Outcome recall(String query, Optional<String> sessionId, int maxFiles) throws IOException {
    return recall(RecallQuery.of(query), sessionId, maxFiles);
  }

  /**
   * As {@link #recall(String, Optional, int)} for a query that may carry the agent's recent activity (files
   * being edited, the last error: {@link RecentActivity}), searched beside the text.
   */
  public Outcome recall(RecallQuery query, Optional<String> sessionId, int maxFiles) throws IOException {
    if (maxFiles <= 0) {
      throw new IllegalArgumentException("maxFiles must be positive, was " + maxFiles);
    }
    RecallSettings s = settings.withFilesPerTurn(Math.min(maxFiles, settings.filesPerTurn()));
    if (sessionId.isEmpty()) {
      return run(query, Set.of(), 0, Optional.empty(), s);
    }
    Duration wait = runtime.sessionLockWait();
    return RecallSessionState.file(home, sessionId.get()).update(wait,
        lock -> "another recall of this session holds " + lock + " for over " + wait.toMillis() + " ms; try again",
        before -> {
          Outcome out = run(query, new LinkedHashSet<>(before.surfaced()), before.bytes(), sessionId, s);
          List<String> names = out.result().memories().stream().map(RecalledMemory::name).toList();
          return new SessionStateFile.Changed<>(before.plus(names, out.result().turnBytes()), out);
        });
  }

  /**
   * Recalls for {@code query}, a search someone asked for ({@link RecallKind#SEARCH}), in a session whose state the
   * caller keeps: {@code surfacedNames} are never sent again, {@code sessionBytes} already count against the session
   * budget. Nothing about the session is persisted here. Memories sent unasked (a hook's, a framework's retriever's)
   * go through {@link #recall(RecallQuery, Set, int)} with {@link RecallQuery#injected} or {@link RecallQuery#ofPrompt}.
   */
  public Outcome recall(String query, Set<String> surfacedNames, int sessionBytes) throws IOException {
    return recall(RecallQuery.of(query), surfacedNames, sessionBytes);
  }

  /** As {@link #recall(String, Set, int)} for a query that may carry the agent's recent activity. */
  public Outcome recall(RecallQuery query, Set<String> surfacedNames, int sessionBytes) throws IOException {
    return run(query, surfacedNames, sessionBytes, Optional.empty(), settings);
  }

  /**
   * What {@link #reindex} did.
   *
   * @param memories the memories in the store
   * @param embedded how many of them the index holds with a vector now (0 without an embedding model)
   * @param retrieval how recall finds them now: {@code bm25} or {@code bm25 + vectors (<model>)}
   * @param index where the index is, or why there is none on disk
   * @param notes anything that went less than well (index rebuilt or busy, model not loaded)
   */
  public record Reindexed(int memories, int embedded, String retrieval, String index, List<String> notes) {
    /** Copies the list. */
    public Reindexed {
      notes = List.copyOf(notes);
    }
  }

  /** How far {@link #reindex} has come: {@code embedded} of {@code memories} hold a vector. */
  @FunctionalInterface
  public interface ReindexProgress {
    /** Called after each step of about the embedding budget, the first included. */
    void embedded(int embedded, int memories);
  }

  /**
   * Brings the on-disk index in step with every memory and embeds all that lack a vector, where a recall embeds for
   * its budget only and leaves the rest to later calls: the first embedding of a large store, done at once. It goes
   * in steps of about the embedding budget, the index's lock taken for each, so the recalls asked meanwhile wait
   * for one step at most, and reports after each.
   */
  public synchronized Reindexed reindex(ReindexProgress progress) throws IOException {
    return projectIndex.reindex(progress);
  }

  /**
   * The session-start manifest: up to {@code manifestMaxFiles} current memories (superseded ones left
   * out), newest first, one line each (name and description); older ones stay searchable.
   */
  public Manifest manifest() throws IOException {
    return Manifest.of(StoreDocuments.of(memory.list().memories(), clock.instant()).all(), settings.manifestMaxFiles());
  }

  /**
   * The directory of the on-disk index for the current mode (keyword only, or with this embedder; keyword only
   * while the embedder is still loading).
   */
  public Path indexDirectory() {
    return projectIndex.directory();
  }

  /** {@code text} cut to {@code maxBytes} UTF-8 bytes at a line boundary, with a closing note when cut. */
  public static String clip(String text, int maxBytes) {
    return Clip.to(text, maxBytes).text();
  }

  private synchronized Outcome run(RecallQuery query, Set<String> surfacedNames, int sessionBytes,
      Optional<String> session, RecallSettings settings) throws IOException {
    return search.run(query, surfacedNames, sessionBytes, session, settings);
  }

  /**
   * Records that the agent used the memories {@code names} (it asked for them through a tool, or read one):
   * {@code lastRecalled} and {@code recallCount} are written back on the use-recording executor, and feed hotness.
   * A recall sent without being asked for (a hook's, a framework's retriever) is never recorded: a wrong memory
   * it brought must not grow hotter and keep winning.
   *
   * @return a note when the use could not be recorded, empty otherwise
   */
  public Optional<String> recordUse(Collection<String> names) {
    return RecallUse.record(memory, runtime.useRecording(), names, clock.instant());
  }
}
