package io.engram.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import io.engram.extract.ExtractionReport;
import io.engram.hosted.CompactedConversation;
import io.engram.hosted.HostedCompaction;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A LangChain4j chat memory that Engram keeps, learns from and compacts; see the package comment.
 * Thread-safe: each call works under the memory's own lock.
 */
public final class EngramChatMemory implements ChatMemory {
  private static final Logger LOG = LoggerFactory.getLogger(EngramChatMemory.class);

  private final Object id;
  private final HostedMemory memory;
  private final ChatMemoryStore store;
  private final int windowTokens;
  private final boolean learn;
  private final List<ChatMessage> messages;
  private Optional<HostedCompaction> lastCompaction = Optional.empty();
  private Optional<CompletableFuture<ExtractionReport>> lastLearning = Optional.empty();

  private EngramChatMemory(Builder b, Object id) {
    this.id = Objects.requireNonNull(id, "id");
    this.memory = b.memory;
    this.store = b.store;
    this.windowTokens = b.windowTokens;
    this.learn = b.learn;
    this.messages = new ArrayList<>(store.getMessages(id));
  }

  /** A builder of chat memories kept in {@code memory}. */
  public static Builder builder(HostedMemory memory) {
    return new Builder(memory);
  }

  @Override
  public Object id() {
    return id;
  }

  /**
   * Adds {@code message}; see {@link #add(Iterable)}.
   *
   * @throws UncheckedIOException when the conversation cannot be saved or compacted
   */
  @Override
  public void add(ChatMessage message) {
    add(List.of(Objects.requireNonNull(message, "message")));
  }

  /**
   * Adds {@code added} with one write and at most one extraction pass. A system message replaces the one held;
   * a user message that brings the conversation to the critical level compacts the messages before it; when
   * the last message added is an assistant answer that calls no tool, an exchange has ended, and the extraction
   * pass reads it on Engram's background thread.
   *
   * @throws UncheckedIOException when the conversation cannot be saved or compacted
   */
  @Override
  public synchronized void add(Iterable<ChatMessage> added) {
    List<ChatMessage> batch = listOf(added);
    if (!batch.isEmpty()) {
      batch.forEach(this::place);
      save(batch);
    }
  }

  /**
   * Replaces the conversation with {@code replacing}, with one write and at most one extraction pass, as
   * {@link #add(Iterable)} does for what it adds.
   *
   * @throws IllegalArgumentException when {@code replacing} is empty
   * @throws UncheckedIOException when the conversation cannot be saved or compacted
   */
  @Override
  public synchronized void set(Iterable<ChatMessage> replacing) {
    List<ChatMessage> batch = listOf(replacing);
    if (batch.isEmpty()) {
      throw new IllegalArgumentException("messages must not be empty");
    }
    messages.clear();
    batch.forEach(this::place);
    save(batch);
  }

  /**
   * The conversation. When it ends with a finished exchange and fills the window to the critical level,
   * it is compacted first: frameworks read the messages before the next call and add that call's user
   * message only after it.
   *
   * @throws UncheckedIOException when a due compaction cannot be made or saved
   */
  @Override
  public synchronized List<ChatMessage> messages() {
    if (!messages.isEmpty() && Lc4jMessages.endsExchange(messages.get(messages.size() - 1))) {
      try {
        if (compactIfDue(messages.size())) {
          store.updateMessages(id, messages);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Engram could not compact conversation '" + id + "': " + e.getMessage(), e);
      }
    }
    return List.copyOf(messages);
  }

  @Override
  public synchronized void clear() {
    messages.clear();
    store.deleteMessages(id);
  }

  /** The last compaction of this conversation made by this object, if any. */
  public synchronized Optional<HostedCompaction> lastCompaction() {
    return lastCompaction;
  }

  /** The extraction pass this object last queued: it completes with what the pass found. */
  public synchronized Optional<CompletableFuture<ExtractionReport>> lastLearning() {
    return lastLearning;
  }

  private void place(ChatMessage message) {
    if (message instanceof SystemMessage) {
      messages.removeIf(m -> m instanceof SystemMessage);
      messages.add(0, message);
    } else {
      messages.add(message);
    }
  }

  /** Compacts when a user message came and the conversation is due, saves it, and learns when an exchange ended. */
  private void save(List<ChatMessage> batch) {
    try {
      if (batch.stream().anyMatch(UserMessage.class::isInstance)) {
        compactIfDue(lastUserMessage());
      }
      store.updateMessages(id, messages);
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not keep conversation '" + id + "': " + e.getMessage(), e);
    }
    if (learn && Lc4jMessages.endsExchange(batch.get(batch.size() - 1))) {
      learnFromConversation();
    }
  }

  /** Queues the extraction pass; a failure to do so is logged, since the answer itself is not affected. */
  private void learnFromConversation() {
    try {
      CompletableFuture<ExtractionReport> pass = memory.learn(String.valueOf(id), Lc4jMessages.toTranscript(messages));
      pass.whenComplete((report, failure) -> {
        if (failure != null) {
          LOG.warn("Engram could not learn from conversation '{}': {}", id, failure.getMessage());
        }
      });
      lastLearning = Optional.of(pass);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Engram could not queue learning from conversation '{}': {}", id, e.getMessage());
    }
  }

  private int lastUserMessage() {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof UserMessage) {
        return i;
      }
    }
    return messages.size();
  }

  private static List<ChatMessage> listOf(Iterable<ChatMessage> given) {
    List<ChatMessage> batch = new ArrayList<>();
    Objects.requireNonNull(given, "messages").forEach(m -> batch.add(Objects.requireNonNull(m, "message")));
    return batch;
  }

  /**
   * Replaces the messages between the system message and {@code end} with a compaction, when the whole
   * conversation is at the critical level; true when it did.
   */
  private boolean compactIfDue(int end) throws IOException {
    int first = messages.get(0) instanceof SystemMessage ? 1 : 0;
    Optional<CompactedConversation<ChatMessage>> compacted = memory.compactIfDue(String.valueOf(id), messages,
        first, end, windowTokens, Lc4jMessages::toTranscript, UserMessage::from);
    if (compacted.isEmpty()) {
      return false;
    }
    messages.clear();
    messages.addAll(compacted.get().messages());
    lastCompaction = Optional.of(compacted.get().compaction());
    return true;
  }


  /**
   * Chooses a chat memory's id, window and whether it learns. Its {@link #build(Object)} is a LangChain4j
   * {@code ChatMemoryProvider}: {@code .chatMemoryProvider(EngramChatMemory.builder(memory)::build)}.
   */
  public static final class Builder {
    private final HostedMemory memory;
    private ChatMemoryStore store;
    private Object id = "default";
    private int windowTokens;
    private boolean learn = true;

    private Builder(HostedMemory memory) {
      this.memory = Objects.requireNonNull(memory, "memory");
      this.store = new EngramChatMemoryStore(memory);
      this.windowTokens = memory.defaultWindowTokens();
    }

    /**
     * Where the messages are kept (default: an {@link EngramChatMemoryStore}, one redacted file per
     * conversation in Engram's home); Engram still compacts and learns from them.
     */
    public Builder store(ChatMemoryStore value) {
      this.store = Objects.requireNonNull(value, "store");
      return this;
    }

    /** The conversation's id for {@link #build()} (LangChain4j's memory id; default {@code "default"}). */
    public Builder id(Object value) {
      this.id = Objects.requireNonNull(value, "id");
      return this;
    }

    /**
     * The model's context window in tokens (default: Engram's {@code context.defaultWindowTokens}).
     *
     * @throws IllegalArgumentException when {@code value} is not positive
     */
    public Builder windowTokens(int value) {
      if (value <= 0) {
        throw new IllegalArgumentException("windowTokens must be positive, was " + value);
      }
      this.windowTokens = value;
      return this;
    }

    /** Whether each finished exchange is read by the extraction pass (default true). */
    public Builder learn(boolean value) {
      this.learn = value;
      return this;
    }

    /**
     * The chat memory of the id set, holding what Engram kept for it.
     *
     * @throws UncheckedIOException when the stored conversation cannot be read
     */
    public EngramChatMemory build() {
      return new EngramChatMemory(this, id);
    }

    /**
     * The chat memory of {@code memoryId}, holding what Engram kept for it; the builder is not changed.
     *
     * @throws UncheckedIOException when the stored conversation cannot be read
     */
    public EngramChatMemory build(Object memoryId) {
      return new EngramChatMemory(this, memoryId);
    }
  }
}
