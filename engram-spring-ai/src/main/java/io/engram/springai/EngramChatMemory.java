package io.engram.springai;

import io.engram.hosted.CompactedConversation;
import io.engram.hosted.HostedCompaction;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * A Spring AI chat memory that keeps the whole conversation and, instead of trimming it to a window of messages,
 * compacts it with Engram when it fills the model's context window to the critical level; see the package
 * comment. The messages are kept in a {@link ChatMemoryRepository} (Engram's own by default, or any other).
 * Thread-safe: the calls on one conversation are serialised.
 */
public final class EngramChatMemory implements ChatMemory {
  private final HostedMemory memory;
  private final ChatMemoryRepository repository;
  private final int windowTokens;
  private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();
  private volatile Optional<HostedCompaction> lastCompaction = Optional.empty();

  private EngramChatMemory(Builder b) {
    this.memory = b.memory;
    this.repository = b.repository == null ? new EngramChatMemoryRepository(b.memory) : b.repository;
    this.windowTokens = b.windowTokens;
  }

  /** A builder of chat memories over {@code memory}. */
  public static Builder builder(HostedMemory memory) {
    return new Builder(memory);
  }

  /**
   * Adds {@code messages} with one save. A system message the conversation does not hold replaces the one it
   * holds, at its start; when a user message is added and the conversation fills the window to the critical
   * level, the messages before the last user message are replaced by Engram's compaction.
   *
   * @throws UncheckedIOException when a due compaction cannot be made
   */
  @Override
  public void add(String conversationId, List<Message> messages) {
    requireId(conversationId);
    Objects.requireNonNull(messages, "messages");
    messages.forEach(m -> Objects.requireNonNull(m, "messages cannot hold null"));
    synchronized (lockOf(conversationId)) {
      List<Message> all = new ArrayList<>(repository.findByConversationId(conversationId));
      for (Message m : messages) {
        if (m instanceof SystemMessage && !all.contains(m)) {
          all.removeIf(SystemMessage.class::isInstance);
          all.add(0, m);
        } else if (!(m instanceof SystemMessage)) {
          all.add(m);
        }
      }
      if (messages.stream().anyMatch(UserMessage.class::isInstance)) {
        all = compactIfDue(conversationId, all, lastUserMessage(all)).orElse(all);
      }
      repository.saveAll(conversationId, all);
    }
  }

  /**
   * The conversation. When it ends with a finished exchange and fills the window to the critical level, it is
   * compacted (and saved) first, so the call about to be made already gets the compacted conversation.
   *
   * @throws UncheckedIOException when a due compaction cannot be made
   */
  @Override
  public List<Message> get(String conversationId) {
    requireId(conversationId);
    synchronized (lockOf(conversationId)) {
      List<Message> all = repository.findByConversationId(conversationId);
      if (all.isEmpty() || !SpringMessages.endsExchange(all.get(all.size() - 1))) {
        return all;
      }
      Optional<List<Message>> compacted = compactIfDue(conversationId, all, all.size());
      compacted.ifPresent(kept -> repository.saveAll(conversationId, kept));
      return compacted.orElse(all);
    }
  }

  @Override
  public void clear(String conversationId) {
    requireId(conversationId);
    synchronized (lockOf(conversationId)) {
      repository.deleteByConversationId(conversationId);
    }
  }

  /** The last compaction this chat memory made, if any. */
  public Optional<HostedCompaction> lastCompaction() {
    return lastCompaction;
  }

  /** The messages with those before {@code end} compacted, when the conversation is due. */
  private Optional<List<Message>> compactIfDue(String conversationId, List<Message> messages, int end) {
    int first = messages.get(0) instanceof SystemMessage ? 1 : 0;
    try {
      Optional<CompactedConversation<Message>> compacted = memory.compactIfDue(conversationId, messages, first, end,
          windowTokens, SpringMessages::toTranscript, UserMessage::new);
      compacted.ifPresent(c -> lastCompaction = Optional.of(c.compaction()));
      return compacted.map(CompactedConversation::messages);
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not compact conversation '" + conversationId + "': "
          + e.getMessage(), e);
    }
  }

  private Object lockOf(String conversationId) {
    return locks.computeIfAbsent(conversationId, id -> new Object());
  }

  private static int lastUserMessage(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof UserMessage) {
        return i;
      }
    }
    return messages.size();
  }

  private static void requireId(String conversationId) {
    if (conversationId == null || conversationId.isBlank()) {
      throw new IllegalArgumentException("conversationId must not be blank");
    }
  }

  /** Chooses a chat memory's repository and window. */
  public static final class Builder {
    private final HostedMemory memory;
    private ChatMemoryRepository repository;
    private int windowTokens;

    private Builder(HostedMemory memory) {
      this.memory = Objects.requireNonNull(memory, "memory");
      this.windowTokens = memory.defaultWindowTokens();
    }

    /** Where the messages are kept (default: an {@link EngramChatMemoryRepository} over the memory). */
    public Builder chatMemoryRepository(ChatMemoryRepository value) {
      this.repository = Objects.requireNonNull(value, "chatMemoryRepository");
      return this;
    }

    /**
     * The chat model's context window in tokens (default: Engram's {@code context.defaultWindowTokens}).
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

    /** The chat memory. */
    public EngramChatMemory build() {
      return new EngramChatMemory(this);
    }
  }
}
