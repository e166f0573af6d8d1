package io.engram.hosted;

import io.engram.Engram;
import io.engram.fs.HomeLayout;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.context.ContextLevel;
import io.engram.extract.ExtractionReport;
import io.engram.memory.ChangedBy;
import io.engram.memory.Forgotten;
import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.MemoryType;
import io.engram.memory.NoSuchMemoryException;
import io.engram.memory.ProjectMemory;
import io.engram.memory.Saved;
import io.engram.model.ModelRouter;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallKind;
import io.engram.recall.RecallQuery;
import io.engram.redact.SecretRedactor;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A project's Engram memory for an agent that a Java framework hosts: recall, remember and forget as the
 * {@code engram} command does them, the per-turn extraction after each exchange (on a background thread), and
 * compaction when a conversation fills its window. Open one with {@link #builder}; close it when the agent
 * stops. Thread-safe.
 */
public final class HostedMemory implements AutoCloseable {
  private final Engram engram;
  private final EngramSettings settings;
  private final ProjectMemory store;
  private final MemoryRecall recall;
  private final ConversationIds ids;
  private final ConversationFiles conversations;
  private final SecretRedactor redactor = SecretRedactor.standard();
  private final LearningQueue learning;
  private final HostedContext context;

  private HostedMemory(Engram engram) {
    this.engram = engram;
    Path home = engram.roots().engramHome();
    this.settings = engram.settings();
    this.store = engram.memory();
    this.recall = engram.recall();
    this.ids = new ConversationIds(store.location().projectKey());
    Path conversationDir = HomeLayout.of(home).project(store.location().projectKey()).conversations();
    this.conversations = new ConversationFiles(conversationDir, ids, redactor);
    this.learning = new LearningQueue(conversationDir.resolve("learning"),
        transcript -> engram.extraction(transcript.sessionId()).run(transcript, false));
    this.context = new HostedContext(settings, engram.router(), home, engram.clock(), store);
  }

  /**
   * A builder for the memory of the project in {@code projectDir}, kept under the Engram home the {@code engram}
   * command uses: {@code $ENGRAM_HOME}, else {@code .engram} in the user's home ({@code $HOME}).
   */
  public static Builder builder(Path projectDir) {
    Map<String, String> env = System.getenv();
    EngramRoots roots = EngramRoots.resolve(Optional.empty(), Optional.of(projectDir), env, userHome(env));
    return new Builder(roots.engramHome(), projectDir);
  }

  /** A builder for the memory of the project in {@code projectDir}, kept under the Engram home {@code engramHome}. */
  public static Builder builder(Path engramHome, Path projectDir) {
    return new Builder(engramHome, projectDir);
  }

  private static Path userHome(Map<String, String> env) {
    return EngramRoots.userHome(env, Path.of(System.getProperty("user.home")));
  }

  /** The project's Engram, which every other surface uses too (its {@code present} shows a memory as they do). */
  public Engram engram() {
    return engram;
  }

  /** The project's memory store (project and user memories). */
  public ProjectMemory store() {
    return store;
  }

  /** The conversations kept for the framework. */
  public ConversationFiles conversations() {
    return conversations;
  }

  /** The Engram session id that stands for the framework's {@code conversationId} in this project. */
  public String sessionId(String conversationId) {
    return ids.sessionId(conversationId);
  }

  /**
   * Recalls for {@code query} in a conversation whose messages, as the model is sent them, have the texts
   * {@code conversation}. A memory the conversation holds ({@link RecalledSections#heldIn}: an earlier message
   * the framework kept with the memories added to it, a recall tool's answer) is not sent again, and what it
   * holds counts against the conversation's budget; a memory it no longer holds (never kept, compacted away,
   * trimmed by a window) can come back. So what was recalled stays available for the whole conversation. The
   * memories go beside the query unasked, as a hook's do ({@link RecallKind#INJECTION}: the keyword gate holds).
   */
  public MemoryRecall.Outcome recall(String query, List<String> conversation) throws IOException {
    RecalledSections.Held held = RecalledSections.heldIn(conversation);
    return recall.recall(RecallQuery.injected(query), held.names(), held.bytes());
  }

  /**
   * Recalls for {@code query} on its own, as {@code engram recall} does (a tool call, not a turn: {@link
   * RecallKind#SEARCH}).
   */
  public MemoryRecall.Outcome recall(String query) throws IOException {
    return recall.recall(query, Optional.empty());
  }

  /**
   * Records that the agent used what {@code found} sent (it asked for it through a tool): it feeds hotness. What a
   * retriever or advisor sends unasked is not recorded.
   */
  public void recordUse(MemoryRecall.Outcome found) {
    recall.recordUse(found.result().memories().stream().map(io.engram.recall.RecalledMemory::name).toList());
  }

  /**
   * Saves a memory the agent chose to keep, with the same checks and redaction as {@code engram remember}.
   *
   * @param type one of {@code user}, {@code feedback}, {@code project}, {@code reference}
   * @throws IllegalArgumentException when a field is blank, the description is not one line, the type is
   *     unknown or the name cannot be a memory's name; the message says which
   */
  public Saved remember(String name, String type, String description, String body) throws IOException {
    requireText(name, "name");
    requireText(description, "description");
    requireText(body, "body");
    if (description.contains("\n")) {
      throw new IllegalArgumentException("description must be one line");
    }
    MemoryType parsed = MemoryType.parse(Objects.requireNonNullElse(type, ""))
        .orElseThrow(() -> new IllegalArgumentException("type must be one of " + MemoryType.choices()
            + ", was '" + type + "'"));
    Memory memory = Memory.builder(name.strip(), parsed).description(description.strip())
        .body(body.endsWith("\n") ? body : body + "\n").source(MemorySource.MODEL).build();
    return store.write(memory, ChangedBy.LIBRARY);
  }

  /**
   * Moves the memory called {@code name} to the trash (restorable with {@code engram restore}).
   *
   * @throws NoSuchMemoryException when there is no such memory
   */
  public Forgotten forget(String name) throws IOException {
    requireText(name, "name");
    return store.forget(name, ChangedBy.LIBRARY);
  }

  /**
   * Queues the per-turn extraction pass over the messages of the conversation it has not read yet, which
   * writes what they teach; the future completes with its report (or why it failed) once the pass, on
   * Engram's background thread, has run. The conversation is written to disk, redacted, before this returns:
   * a process that stops first leaves it there, and the next {@link HostedMemory} opened on the project runs
   * the pass. Messages without ids get ids from their position and redacted content, so the pass knows where
   * it stopped as long as the conversation only grows, also across a restart that read it back from disk.
   *
   * @throws IOException when the conversation cannot be written (the exchange is then not learnt from)
   */
  public CompletableFuture<ExtractionReport> learn(String conversationId, List<TranscriptMessage> messages)
      throws IOException {
    List<TranscriptMessage> redacted = messages.stream().map(m -> RedactedContent.message(m, redactor)).toList();
    return learning.submit(HostedTranscript.of(sessionId(conversationId), redacted));
  }

  /**
   * Waits until every extraction pass queued before this call has run; false when {@code timeout} passed
   * first (the passes go on).
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public boolean awaitLearning(Duration timeout) throws InterruptedException {
    return learning.awaitIdle(Objects.requireNonNull(timeout, "timeout"));
  }

  /** The context window assumed for a model whose window the caller does not know. */
  public int defaultWindowTokens() {
    return settings.context().defaultWindowTokens();
  }

  /** How full {@code messages} make a window of {@code windowTokens} tokens. */
  public ContextLevel level(List<TranscriptMessage> messages, int windowTokens) {
    return context.level(messages, windowTokens);
  }

  /** The tokens {@code messages} cost (Engram's calibrated estimate). */
  public long tokens(List<TranscriptMessage> messages) {
    return context.tokens(messages);
  }

  /**
   * Compacts the conversation when it fills {@code windowTokens} to the level where compaction runs by
   * itself (see {@link ContextLevel#compactsAutomatically()}); empty below it.
   */
  public Optional<HostedCompaction> compactIfDue(String conversationId, List<TranscriptMessage> messages,
      int windowTokens) throws IOException {
    return context.compactIfDue(sessionId(conversationId), messages, windowTokens);
  }

  /**
   * Replaces the messages {@code [first, end)} of a framework's conversation with one continuation message
   * when the whole conversation fills {@code windowTokens} to the critical level and that range holds at
   * least two messages; empty otherwise. Both adapters keep what lies outside the range (a system message
   * before it, the newest exchange after it) as it is.
   *
   * @param toTranscript the framework's message as a transcript message
   * @param continuation the framework's message holding {@link HostedCompaction#continuation()}
   */
  public <M> Optional<CompactedConversation<M>> compactIfDue(String conversationId, List<M> messages, int first,
      int end, int windowTokens, Function<M, TranscriptMessage> toTranscript, Function<String, M> continuation)
      throws IOException {
    return context.compactIfDue(sessionId(conversationId), messages, first, end, windowTokens, toTranscript,
        continuation);
  }

  /** Compacts the conversation now, whatever its size. */
  public HostedCompaction compact(String conversationId, List<TranscriptMessage> messages) throws IOException {
    return context.compact(sessionId(conversationId), messages);
  }

  /**
   * Stops the background extraction, returning once the pass that runs has finished; the passes that wait
   * stay on disk for the next {@link HostedMemory} opened on the project.
   */
  @Override
  public void close() {
    learning.close();
  }

  private static void requireText(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
  }

  /** Chooses the settings, model, recall backend and clock of a {@link HostedMemory}. */
  public static final class Builder {
    private final EngramRoots roots;
    private EngramSettings settings = EngramSettings.DEFAULTS;
    private ModelRouter router = ModelRouter.offline();
    private MemoryRecall.Backend backend = MemoryRecall.Backend.keywordInMemory();
    private Clock clock = Clock.systemUTC();

    private Builder(Path engramHome, Path projectDir) {
      Objects.requireNonNull(engramHome, "engramHome");
      Objects.requireNonNull(projectDir, "projectDir");
      this.roots = new EngramRoots(engramHome, userHome(System.getenv()), projectDir);
    }

    /** The settings (default: {@link EngramSettings#DEFAULTS}). */
    public Builder settings(EngramSettings value) {
      this.settings = Objects.requireNonNull(value, "settings");
      return this;
    }

    /** The model that extracts and compacts (default: the offline engine, no network). */
    public Builder router(ModelRouter value) {
      this.router = Objects.requireNonNull(value, "router");
      return this;
    }

    /** What recall searches with (default: keyword search in memory, no other module needed). */
    public Builder recallBackend(MemoryRecall.Backend value) {
      this.backend = Objects.requireNonNull(value, "recallBackend");
      return this;
    }

    /** The clock of time stamps (default: the system clock, UTC). */
    public Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /**
     * Opens the project's memory, and queues the extraction passes a process that stopped left waiting.
     *
     * @throws IOException when the project directory cannot be read to find its memory
     */
    public HostedMemory build() throws IOException {
      // A framework's writes are not sessions of a coding agent: they do not count towards the dream's gate.
      HostedMemory memory = new HostedMemory(Engram.builder(roots).settings(settings).router(router)
          .recallBackend(backend).clock(clock).writes(MemoryWriteListener.NONE).build());
      memory.learning.resume();
      return memory;
    }
  }
}
