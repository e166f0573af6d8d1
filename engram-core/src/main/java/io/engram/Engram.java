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
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotesKeeper;
import io.engram.recall.Embedder;
import io.engram.recall.MemoryRecall;
import io.engram.recall.MemorySection;
import io.engram.recall.RecalledMemory;
import io.engram.review.Inbox;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
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

  Engram(EngramBuilder b, OpenedProject opened, RecallFactory recalls) {
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
  public static EngramBuilder builder(EngramRoots roots) {
    return new EngramBuilder(roots);
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
    return new ExtractionPass(settings, router(sessionId), memory, roots.engramHome(), clock, embedder);
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

  /** The project's review inbox: what extraction and the dream propose when {@code memory.review} is {@code propose}. */
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
}
