package io.engram.service;

import io.engram.Engram;
import io.engram.fs.HomeLayout;
import io.engram.service.wiring.ProductEngram;
import io.engram.service.wiring.RecallWiring;
import io.engram.service.wiring.WarmingEmbedders;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsException;
import io.engram.config.SettingsLoader;
import io.engram.hooks.HookRunner;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.recall.ResidentIndexes;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Builds the {@link HookRunner} for one call in the service: the settings of the home (read again when
 * {@code settings.json} changes on disk: its modification time and size are checked on every call), the
 * project's memory opened for the call (the stores see the files as they are now, so what another
 * process wrote is seen; a {@link MemoryFileCache} spares parsing the files that did not change, and keeps each
 * directory's listing while the watched {@link MemoryChanges} tell no change to it), recall
 * with vectors (the embedding model is loaded once, in the background, and shared by every project: until it is
 * loaded recall answers with keywords only, so no prompt waits for it; each project's on-disk index
 * kept open between calls in {@link ResidentIndexes}, opened again when another process committed to it (asked only
 * once the watched {@link MemoryChanges} told a change since the last call); what a
 * recall's sync left unembedded is embedded on a background thread, a slice at a time), and
 * the model router of the call's session. Also remembers which projects it served, and keeps the team store of each
 * one that has one watched ({@link TeamWatchers}), so that teammates' shares reach the mirror without a sync.
 */
final class HookRunners {
  // How long a stopping service waits for a model load in flight: a load takes 1-3 s on an idle machine and was
  // seen at 13 s on two loaded cores. Past this the close goes on; the process still waits for ONNX Runtime's calls
  // in flight before it exits (OnnxRuntimeUse, ended by engram's main and by TERM, INT and HUP).
  private static final Duration MODEL_LOAD_SETTLE = Duration.ofSeconds(20);
  private final Path home;
  private final Path userHome;
  private final Map<String, String> environment;
  private final Map<Path, Instant> served = new ConcurrentHashMap<>();
  private final MemoryFileCache parsed = new MemoryFileCache();
  // Every project's stores publish here, so that what a hook writes reaches MCP's sessions at once; the memory
  // directories are watched, so that what other processes write (or a person edits) is told too, and the listings
  // kept between calls follow it.
  private final MemoryChanges changes = MemoryChanges.watching();
  // Following the same events: a kept index is asked whether another process committed to it only after a change.
  private final ResidentIndexes indexes = new ResidentIndexes(changes);
  // Embeds, one slice at a time, what a recall's sync left keyword-only (a large store new to its index).
  private final ExecutorService pendingVectors = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "engram-pending-vectors");
    t.setDaemon(true);
    return t;
  });
  // Reads each prompt with the model while its recall lists the store and syncs the index (a thread per prompt in
  // flight, kept a minute between prompts).
  private final ExecutorService queryReading = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "engram-query-reading");
    t.setDaemon(true);
    return t;
  });
  private final WarmingEmbedders models = new WarmingEmbedders();
  private final TeamWatchers teams;
  private volatile Loaded loaded = new Loaded(EngramSettings.DEFAULTS, Optional.empty());

  /** The settings parsed from {@code text}, the file's whole content when they were read (empty: no file). */
  private record Loaded(EngramSettings settings, Optional<String> text) {}

  HookRunners(Path home, Path userHome, Map<String, String> environment, Consumer<String> log) {
    this.home = home;
    this.userHome = userHome;
    this.environment = Map.copyOf(environment);
    this.teams = new TeamWatchers(environment, log);
  }

  /**
   * The settings as the file says now; a broken file is an error for the call, as in the command line. The file
   * is small, so it is read on every call and parsed again only when its text changed: a rewrite within the same
   * millisecond and of the same size (which a time-and-size stamp would miss) is still seen.
   */
  EngramSettings settings() throws IOException {
    Path file = HomeLayout.of(home).settingsFile();
    Optional<String> now = SettingsLoader.read(file);
    Loaded current = loaded;
    if (!now.equals(current.text())) {
      current = new Loaded(now.map(t -> SettingsLoader.parse(t, file.toString())).orElse(EngramSettings.DEFAULTS), now);
      loaded = current;
    }
    return current.settings();
  }

  /** The roots of the project at {@code projectDir}. */
  EngramRoots roots(Path projectDir) {
    return new EngramRoots(home, userHome, projectDir);
  }

  /**
   * The Engram of the project at {@code projectDir} for one call, its model use booked on {@code sessionId}: built as
   * every surface builds it ({@link ProductEngram}), with this service's parsed files, open indexes, loaded embedding
   * model and background embedding; what recall writes back to the memories it sent (their use, which feeds
   * hotness) is handed to {@code afterAnswer}.
   */
  Engram engram(Path projectDir, String sessionId, Executor afterAnswer) throws IOException {
    EngramSettings settings = settings();
    EngramRoots roots = roots(projectDir);
    served.put(roots.projectDir(), Instant.now());
    teams.served(roots, settings);
    return build(roots, settings, sessionId, afterAnswer);
  }

  /**
   * The Engram of the project at {@code projectDir} for a person looking at it (the web UI): built as for a call,
   * but the project does not count as one this service serves.
   */
  Engram view(Path projectDir, String sessionId) throws IOException {
    return build(roots(projectDir), settings(), sessionId, Runnable::run);
  }

  private Engram build(EngramRoots roots, EngramSettings settings, String sessionId, Executor afterAnswer)
      throws IOException {
    return ProductEngram.builder(roots, settings, environment, RecallWiring.Caller.SERVICE)
        .session(sessionId)
        .parsedFiles(parsed)
        .changes(changes)
        .recall((memory, router) -> RecallWiring.recall(roots, settings, router, memory, models)
            .keepingIndexesIn(indexes).embeddingPendingOn(pendingVectors).readingQueriesOn(queryReading)
            .recordingUseOn(afterAnswer))
        .build();
  }

  /** The hook answers for one call of {@code sessionId} in the project at {@code projectDir}. */
  HookRunner runner(Path projectDir, String sessionId, Executor afterAnswer) throws IOException {
    return engram(projectDir, sessionId, afterAnswer).hooks(afterAnswer);
  }

  /** How many projects' indexes are having the vectors their last sync left out made in the background. */
  int embedding() {
    return indexes.embedding();
  }

  /**
   * Stops the team watchers and the embedding of pending vectors, closes the indexes kept open, and lets a model
   * still loading finish, so that the process's exit does not pull the model runtime from under it.
   */
  void close() {
    teams.close();
    pendingVectors.shutdownNow();
    queryReading.shutdownNow();
    indexes.close();
    changes.close();
    models.settle(MODEL_LOAD_SETTLE);
  }

  /** The environment the service was started with (model keys). */
  Map<String, String> environment() {
    return environment;
  }

  /** The projects served so far, with when each was last. */
  Map<Path, Instant> served() {
    return Map.copyOf(served);
  }

  /**
   * Loads the token counter and the embedding model now (when the settings use vectors) and runs them once; until
   * the model is loaded, recall answers with keywords only rather than make a prompt wait for it.
   */
  void warmUp() {
    // The o200k tokenizer (the hooks count instruction files with it) takes a second or more to read: not on the
    // first prompt's time.
    new JtokkitTokenCounter().count("warm up");
    try {
      EngramSettings settings = settings();
      String name = RecallWiring.modelName(home, settings.recall());
      RecallWiring.embedder(home, settings.recall(), RecallWiring.Caller.SERVICE)
          .ifPresent(load -> models.await(RecallWiring.modelKey(home, name), load).embedAll(List.of("warm up")));
    } catch (IOException | RuntimeException | LinkageError e) {
      // Recall loads it on first use and says so when it cannot.
    }
  }
}
