package io.engram;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Builds an {@link Engram} ({@link Engram#builder}); every setter replaces a default. Not thread-safe; build once and
 * share the result.
 */
public final class EngramBuilder {
  final EngramRoots roots;
  EngramSettings settings = EngramSettings.DEFAULTS;
  Clock clock = Clock.systemUTC();
  String session = Engram.COMMAND_LINE_SESSION;
  Function<String, ModelRouter> models = s -> ModelRouter.offline();
  private MemoryRecall.Backend backend = MemoryRecall.Backend.keywordInMemory();
  private Optional<Engram.RecallFactory> recall = Optional.empty();
  Optional<Supplier<Embedder>> embedder = Optional.empty();
  Function<Path, SearchIndex> sessionIndexes = dir -> SearchIndex.inMemory();
  private MemoryWriteListener writes = Dream.sessionCounter();
  private MemoryFileCache parsed = new MemoryFileCache();
  MemoryChanges changes = new MemoryChanges();
  private Optional<ProjectMemory> opened = Optional.empty();

  EngramBuilder(EngramRoots roots) {
    this.roots = Objects.requireNonNull(roots, "roots");
  }

  /** The settings in force (default: {@link EngramSettings#DEFAULTS}). */
  public EngramBuilder settings(EngramSettings value) {
    this.settings = Objects.requireNonNull(value, "settings");
    return this;
  }

  /** The clock (default: the system clock, UTC). */
  public EngramBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /**
   * The session whose model use {@link Engram#router()} and recall book (default {@link
   * Engram#COMMAND_LINE_SESSION}).
   */
  public EngramBuilder session(String value) {
    this.session = Objects.requireNonNull(value, "session");
    return this;
  }

  /** The model for each session id (default: the offline engine for every session). */
  public EngramBuilder models(Function<String, ModelRouter> value) {
    this.models = Objects.requireNonNull(value, "models");
    return this;
  }

  /** One model for every session. */
  public EngramBuilder router(ModelRouter value) {
    Objects.requireNonNull(value, "router");
    return models(s -> value);
  }

  /** How recall is made (default: keyword search over an in-memory index, no re-ranking). */
  public EngramBuilder recall(Engram.RecallFactory value) {
    this.recall = Optional.of(value);
    return this;
  }

  /** Recall over {@code backend}, with the project's home, settings and clock. */
  public EngramBuilder recallBackend(MemoryRecall.Backend value) {
    this.backend = Objects.requireNonNull(value, "backend");
    this.recall = Optional.empty();
    return this;
  }

  /** The embedding model the dream uses for near-duplicates by meaning (default: none, words only). */
  public EngramBuilder embedder(Optional<Supplier<Embedder>> value) {
    this.embedder = Objects.requireNonNull(value, "embedder");
    return this;
  }

  /** Opens the index of past sessions in a directory (default: an in-memory index, rebuilt on each search). */
  public EngramBuilder sessionIndexes(Function<Path, SearchIndex> value) {
    this.sessionIndexes = Objects.requireNonNull(value, "sessionIndexes");
    return this;
  }

  /**
   * Told about every memory written (default: the dream's session counter, so that a session that touched memory
   * counts towards the dream's gate); {@link MemoryWriteListener#NONE} for writes that must not count.
   */
  public EngramBuilder writes(MemoryWriteListener value) {
    this.writes = Objects.requireNonNull(value, "writes");
    return this;
  }

  /** Topic files parsed once while unchanged: a process that builds call after call keeps one and passes it. */
  public EngramBuilder parsedFiles(MemoryFileCache value) {
    this.parsed = Objects.requireNonNull(value, "parsedFiles");
    return this;
  }

  /**
   * Where the stores publish their changes (default: events of this Engram's own); a process that builds an Engram
   * call after call keeps one, so that every surface in it hears what the others write.
   */
  public EngramBuilder changes(MemoryChanges value) {
    this.changes = Objects.requireNonNull(value, "changes");
    return this;
  }

  /**
   * A memory already opened over the same roots and settings, used as it is (tests, a framework's own store); its
   * stores publish to the events they were opened with, not to {@link #changes}.
   */
  public EngramBuilder memory(ProjectMemory value) {
    this.opened = Optional.of(value);
    return this;
  }

  /**
   * Opens the project: a dream killed while it applied is rolled back first, then the stores are opened (their
   * leftovers cleared); both are said by {@link Engram#openingNotes()}.
   *
   * @throws IOException when the stores cannot be opened
   */
  public Engram build() throws IOException {
    Engram.RecallFactory recalls = recall.orElseGet(() -> {
      MemoryRecall.Backend b = backend;
      return (memory, router) -> new MemoryRecall(memory, roots.engramHome(), settings.recall(), b, clock);
    });
    return new Engram(this, opened.isPresent() ? OpenedProject.asIs(opened.get())
        : OpenedProject.open(roots, settings, clock, writes, parsed, changes), recalls);
  }
}
