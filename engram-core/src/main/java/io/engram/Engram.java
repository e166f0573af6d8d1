package io.engram;

import io.engram.compaction.SessionCompaction;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.extract.ExtractionPass;
import io.engram.history.PastSessions;
import io.engram.hooks.HookRunner;
import io.engram.instructions.InstructionLoader;
import io.engram.levels.ContextLevelKeeper;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotesKeeper;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.MemorySection;
import io.engram.recall.RecalledMemory;
import io.engram.recall.SearchIndex;
import io.engram.review.Inbox;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Engram for one project: the one object every surface (the hooks, the resident service, MCP, the web UI, the
 * command line, the Java adapters) asks for the project's memory, recall over it, the hook answers, extraction,
 * compaction, the context levels, the dream, past sessions and instruction files, so that each answers as the
 * others do. Built once per project and call from the
 * roots and the settings with {@link #builder}; what the outside worlds add (the on-disk index, the embedding model,
 * the configured model) is given to the builder as ports, and everything else has the product's default.
 *
 * <p>One way to show a memory to an agent: {@link #present(RecalledMemory)}.
 */
public final class Engram {
  /** The session that work started from the command line, without an agent session, is booked on. */
  public static final String COMMAND_LINE_SESSION = "cli";

  private final EngramRoots roots;
  private final EngramSettings settings;
  private final Clock clock;
  private final ProjectMemory memory;
  private final MemoryChanges changes;
  private final Optional<Supplier<Embedder>> embedder;
  private final List<String> openingNotes;
  private final MadeOnFirstUse parts;

  private Engram(Builder b, OpenedProject opened, RecallFactory recalls) {
    this.roots = b.roots;
    this.settings = b.settings;
    this.clock = b.clock;
    this.memory = opened.memory();
    this.changes = b.changes;
    this.embedder = b.embedder;
    this.openingNotes = opened.notes();
    this.parts = new MadeOnFirstUse(roots, settings, memory, b.session, b.models, recalls, b.sessionIndexes);
  }

  /** A builder for the project of {@code roots}: default settings, the system clock, no model, keyword recall. */
  public static Builder builder(EngramRoots roots) {
    return new Builder(roots);
  }

  /** The roots: Engram's home, the user's home, the project directory. */
  public EngramRoots roots() {
    return roots;
  }

  /** The settings in force. */
  public EngramSettings settings() {
    return settings;
  }

  /** The clock every engine reads. */
  public Clock clock() {
    return clock;
  }

  /** The project's memory (project, user and team stores merged). */
  public ProjectMemory memory() {
    return memory;
  }

  /**
   * The change events of {@link #memory()}'s stores (and of every other store opened with the same events): a surface
   * that shows memories subscribes to follow what the others write.
   */
  public MemoryChanges changes() {
    return changes;
  }

  /** Recall over {@link #memory()}, its model use booked on the builder's session. */
  public MemoryRecall recall() {
    return parts.recall();
  }

  /** The model (or the offline engine) the builder's session uses. */
  public ModelRouter router() {
    return parts.router();
  }

  /** The model (or the offline engine) for work booked on {@code sessionId}. */
  public ModelRouter router(String sessionId) {
    return parts.router(sessionId);
  }

  /** The embedding model the dream merges near-duplicates with, when the settings use vectors. */
  public Optional<Supplier<Embedder>> embedder() {
    return embedder;
  }

  /**
   * What opening the project found and cleared, one line each: a dream killed while it applied rolled back,
   * leftovers of interrupted writes removed. A surface says each once (stderr, a log).
   */
  public List<String> openingNotes() {
    return openingNotes;
  }

  /** The answers to Claude Code's hook events for this project. */
  public HookRunner hooks() {
    return new HookRunner(roots, memory, settings, router(), clock, recall(), embedder, Optional.empty());
  }

  /**
   * The hook answers of a resident process, which leaves to {@code afterAnswer} the writes the answer does not
   * need (see {@link HookRunner}).
   */
  public HookRunner hooks(Executor afterAnswer) {
    return new HookRunner(roots, memory, settings, router(), clock, recall(), embedder, Optional.of(afterAnswer));
  }

  /** The extraction pass that learns memories from a transcript, its model use booked on {@code sessionId}. */
  public ExtractionPass extraction(String sessionId) {
    return new ExtractionPass(settings, router(sessionId), memory, roots.engramHome(), clock);
  }

  /** The compactor of this project's sessions, with its instruction files and the builder's session's model. */
  public SessionCompaction compaction() {
    return new SessionCompaction(settings, router(), roots.engramHome(), instructions()::load);
  }

  /** What acts on a session's context levels (notes, a prepared compaction), its model use booked on the session. */
  public ContextLevelKeeper levels(String sessionId) {
    return new ContextLevelKeeper(settings, router(sessionId), roots.engramHome(), memory.location(),
        instructions()::load, clock);
  }

  /** The keeper of {@code sessionId}'s notes, its model use booked on the session. */
  public SessionNotesKeeper notesKeeper(String sessionId) {
    return SessionNotesKeeper.forProject(settings, router(sessionId), roots.engramHome(), memory.location(), clock);
  }

  /** The dream over this project, merging near-duplicates by meaning when an embedder is at hand. */
  public Dream dream() {
    return new Dream(roots, settings, router(), clock, embedder);
  }

  /** The project's past sessions, searched through the builder's session index. */
  public PastSessions history() {
    return parts.history();
  }

  /** The loader of the project's instruction files. */
  public InstructionLoader instructions() {
    return parts.instructions();
  }

  /** The session notes kept under Engram's home. */
  public NotesStore notes() {
    return new NotesStore(roots.engramHome());
  }

  /** The project's review inbox: what extraction and the dream propose when {@code memory.review} is PROPOSE. */
  public Inbox inbox() {
    return Inbox.of(roots.engramHome(), memory.location().projectKey(), settings.memory(), clock);
  }

  /**
   * A recalled memory as every surface shows it to an agent ({@link MemorySection}): its heading with the type and,
   * for a memory taken from tool output, the warning that it is not an instruction; then description and body.
   *
   * @throws IOException when the memory cannot be read
   */
  public String present(RecalledMemory recalled) throws IOException {
    return MemorySection.of(recalled, memory);
  }

  /** A stored memory as every surface shows it, with {@code body} (what recall chose to send) as its body. */
  public String present(StoredMemory stored, String body) {
    return MemorySection.of(stored, body);
  }

  /** Makes a project's recall from its memory and model; the builder's default is keyword search in memory. */
  @FunctionalInterface
  public interface RecallFactory {
    /** Recall over {@code memory}, re-ranking with {@code router} when the factory wants a model. */
    MemoryRecall open(ProjectMemory memory, ModelRouter router);
  }

  /** Builds an {@link Engram}; every setter replaces a default. Not thread-safe; build once and share the result. */
  public static final class Builder {
    private final EngramRoots roots;
    private EngramSettings settings = EngramSettings.DEFAULTS;
    private Clock clock = Clock.systemUTC();
    private String session = COMMAND_LINE_SESSION;
    private Function<String, ModelRouter> models = s -> ModelRouter.offline();
    private MemoryRecall.Backend backend = MemoryRecall.Backend.keywordInMemory();
    private Optional<RecallFactory> recall = Optional.empty();
    private Optional<Supplier<Embedder>> embedder = Optional.empty();
    private Function<Path, SearchIndex> sessionIndexes = dir -> SearchIndex.inMemory();
    private MemoryWriteListener writes = Dream.sessionCounter();
    private MemoryFileCache parsed = new MemoryFileCache();
    private MemoryChanges changes = new MemoryChanges();
    private Optional<ProjectMemory> opened = Optional.empty();

    private Builder(EngramRoots roots) {
      this.roots = Objects.requireNonNull(roots, "roots");
    }

    /** The settings in force (default: {@link EngramSettings#DEFAULTS}). */
    public Builder settings(EngramSettings value) {
      this.settings = Objects.requireNonNull(value, "settings");
      return this;
    }

    /** The clock (default: the system clock, UTC). */
    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /** The session whose model use {@link #router()} and recall book (default {@link #COMMAND_LINE_SESSION}). */
    public Builder session(String value) {
      this.session = Objects.requireNonNull(value, "session");
      return this;
    }

    /** The model for each session id (default: the offline engine for every session). */
    public Builder models(Function<String, ModelRouter> value) {
      this.models = Objects.requireNonNull(value, "models");
      return this;
    }

    /** One model for every session. */
    public Builder router(ModelRouter value) {
      Objects.requireNonNull(value, "router");
      return models(s -> value);
    }

    /** How recall is made (default: keyword search over an in-memory index, no re-ranking). */
    public Builder recall(RecallFactory value) {
      this.recall = Optional.of(value);
      return this;
    }

    /** Recall over {@code backend}, with the project's home, settings and clock. */
    public Builder recallBackend(MemoryRecall.Backend value) {
      this.backend = Objects.requireNonNull(value, "backend");
      this.recall = Optional.empty();
      return this;
    }

    /** The embedding model the dream uses for near-duplicates by meaning (default: none, words only). */
    public Builder embedder(Optional<Supplier<Embedder>> value) {
      this.embedder = Objects.requireNonNull(value, "embedder");
      return this;
    }

    /** Opens the index of past sessions in a directory (default: an in-memory index, rebuilt on each search). */
    public Builder sessionIndexes(Function<Path, SearchIndex> value) {
      this.sessionIndexes = Objects.requireNonNull(value, "sessionIndexes");
      return this;
    }

    /**
     * Told about every memory written (default: the dream's session counter, so that a session that touched memory
     * counts towards the dream's gate); {@link MemoryWriteListener#NONE} for writes that must not count.
     */
    public Builder writes(MemoryWriteListener value) {
      this.writes = Objects.requireNonNull(value, "writes");
      return this;
    }

    /** Topic files parsed once while unchanged: a process that builds call after call keeps one and passes it. */
    public Builder parsedFiles(MemoryFileCache value) {
      this.parsed = Objects.requireNonNull(value, "parsedFiles");
      return this;
    }

    /**
     * Where the stores publish their changes (default: events of this Engram's own); a process that builds an Engram
     * call after call keeps one, so that every surface in it hears what the others write.
     */
    public Builder changes(MemoryChanges value) {
      this.changes = Objects.requireNonNull(value, "changes");
      return this;
    }

    /**
     * A memory already opened over the same roots and settings, used as it is (tests, a framework's own store); its
     * stores publish to the events they were opened with, not to {@link #changes}.
     */
    public Builder memory(ProjectMemory value) {
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
      RecallFactory recalls = recall.orElseGet(() -> {
        MemoryRecall.Backend b = backend;
        return (memory, router) -> new MemoryRecall(memory, roots.engramHome(), settings.recall(), b, clock);
      });
      return new Engram(this, opened.isPresent() ? OpenedProject.asIs(opened.get())
          : OpenedProject.open(roots, settings, clock, writes, parsed, changes), recalls);
    }
  }
}
