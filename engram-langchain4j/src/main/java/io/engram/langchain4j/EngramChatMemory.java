package io.engram.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
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

/**
 * A LangChain4j chat memory that Engram keeps, learns from and compacts; see the package comment.
 * Thread-safe: each call works under the memory's own lock.
 */
public final class EngramChatMemory implements ChatMemory {
  /** The window assumed when the builder is not told the model's: Claude's 200,000 tokens. */
  public static final int DEFAULT_WINDOW_TOKENS = 200_000;

  private final Object id;
  private final HostedMemory memory;
  private final EngramChatMemoryStore store;
  private final int windowTokens;
  private final boolean learn;
  private final List<ChatMessage> messages;
  private Optional<HostedCompaction> lastCompaction = Optional.empty();
  private Optional<ExtractionReport> lastExtraction = Optional.empty();

  private EngramChatMemory(Builder b) {
    this.id = b.id;
    this.memory = b.memory;
    this.store = new EngramChatMemoryStore(b.memory);
    this.windowTokens = b.windowTokens;
    this.learn = b.learn;
    this.messages = new ArrayList<>(store.getMessages(id));
  }

  /** A builder of chat memories kept in {@code memory}. */
  public static Builder builder(HostedMemory memory) {
    return new Builder(memory);
  }

  /** A provider for {@code AiServices.chatMemoryProvider}: one Engram chat memory per memory id. */
  public static ChatMemoryProvider provider(HostedMemory memory, int windowTokens) {
    return memoryId -> builder(memory).id(memoryId).windowTokens(windowTokens).build();
  }

  @Override
  public Object id() {
    return id;
  }

  /**
   * Adds {@code message}. A system message replaces the one held; a user message that brings the
   * conversation to the critical level compacts the messages before it; an assistant answer that
   * calls no tool ends an exchange, which the extraction pass then reads.
   *
   * @throws UncheckedIOException when the conversation cannot be saved, compacted or learnt from
   */
  @Override
  public synchronized void add(ChatMessage message) {
    Objects.requireNonNull(message, "message");
    if (message instanceof SystemMessage) {
      messages.removeIf(m -> m instanceof SystemMessage);
      messages.add(0, message);
    } else {
      messages.add(message);
    }
    try {
      if (message instanceof UserMessage) {
        compactIfDue(1);
      }
      store.updateMessages(id, messages);
      if (learn && Lc4jMessages.endsExchange(message)) {
        lastExtraction = Optional.of(memory.learn(String.valueOf(id), Lc4jMessages.toTranscript(messages)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not keep conversation '" + id + "': " + e.getMessage(), e);
    }
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
        if (compactIfDue(0)) {
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

  /** What the last extraction pass of this object found, if one ran. */
  public synchronized Optional<ExtractionReport> lastExtraction() {
    return lastExtraction;
  }

  /**
   * Replaces the messages between the system message and the last {@code keepLast} with a compaction, when
   * the whole conversation is at the critical level; true when it did.
   */
  private boolean compactIfDue(int keepLast) throws IOException {
    int first = messages.get(0) instanceof SystemMessage ? 1 : 0;
    Optional<CompactedConversation<ChatMessage>> compacted = memory.compactIfDue(String.valueOf(id), messages,
        first, messages.size() - keepLast, windowTokens, Lc4jMessages::toTranscript, UserMessage::from);
    if (compacted.isEmpty()) {
      return false;
    }
    messages.clear();
    messages.addAll(compacted.get().messages());
    lastCompaction = Optional.of(compacted.get().compaction());
    return true;
  }


  /** Chooses a chat memory's id, window and whether it learns. */
  public static final class Builder {
    private final HostedMemory memory;
    private Object id = "default";
    private int windowTokens = DEFAULT_WINDOW_TOKENS;
    private boolean learn = true;

    private Builder(HostedMemory memory) {
      this.memory = Objects.requireNonNull(memory, "memory");
    }

    /** The conversation's id (LangChain4j's memory id; default {@code "default"}). */
    public Builder id(Object value) {
      this.id = Objects.requireNonNull(value, "id");
      return this;
    }

    /**
     * The model's context window in tokens.
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
     * The chat memory, holding what Engram kept for its id.
     *
     * @throws UncheckedIOException when the stored conversation cannot be read
     */
    public EngramChatMemory build() {
      return new EngramChatMemory(this);
    }
  }
}
