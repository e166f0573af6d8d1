package io.engram.springai;

import io.engram.hosted.CompactedConversation;
import io.engram.hosted.HostedCompaction;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * A Spring AI chat memory repository that keeps each conversation in Engram and compacts it at the
 * critical level of its window; see the package comment. Thread-safe.
 */
public final class EngramChatMemoryRepository implements ChatMemoryRepository {
  private final HostedMemory memory;
  private final int windowTokens;
  private volatile Optional<HostedCompaction> lastCompaction = Optional.empty();

  /**
   * A repository in {@code memory}'s project for a model whose window holds {@code windowTokens} tokens.
   *
   * @throws IllegalArgumentException when {@code windowTokens} is not positive
   */
  public EngramChatMemoryRepository(HostedMemory memory, int windowTokens) {
    this.memory = Objects.requireNonNull(memory, "memory");
    if (windowTokens <= 0) {
      throw new IllegalArgumentException("windowTokens must be positive, was " + windowTokens);
    }
    this.windowTokens = windowTokens;
  }

  @Override
  public List<String> findConversationIds() {
    try {
      return memory.conversations().ids();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not list its conversations: " + e.getMessage(), e);
    }
  }

  @Override
  public List<Message> findByConversationId(String conversationId) {
    Objects.requireNonNull(conversationId, "conversationId");
    try {
      Optional<String> json = memory.conversations().read(conversationId);
      return json.isEmpty() ? List.of() : SpringMessages.fromJson(json.get());
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not read conversation '" + conversationId + "': "
          + e.getMessage(), e);
    }
  }

  /**
   * Replaces the conversation with {@code messages}, compacted first when they fill the window to the
   * critical level.
   *
   * @throws UncheckedIOException when the conversation cannot be compacted or saved
   */
  @Override
  public void saveAll(String conversationId, List<Message> messages) {
    Objects.requireNonNull(conversationId, "conversationId");
    try {
      List<Message> kept = compactIfDue(conversationId, messages);
      memory.conversations().write(conversationId, SpringMessages.toJson(kept));
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not save conversation '" + conversationId + "': "
          + e.getMessage(), e);
    }
  }

  @Override
  public void deleteByConversationId(String conversationId) {
    Objects.requireNonNull(conversationId, "conversationId");
    try {
      memory.conversations().delete(conversationId);
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not delete conversation '" + conversationId + "': "
          + e.getMessage(), e);
    }
  }

  /** The last compaction this repository made, if any. */
  public Optional<HostedCompaction> lastCompaction() {
    return lastCompaction;
  }

  private List<Message> compactIfDue(String conversationId, List<Message> messages) throws IOException {
    if (messages.isEmpty()) {
      return messages;
    }
    int first = messages.get(0) instanceof SystemMessage ? 1 : 0;
    Optional<CompactedConversation<Message>> compacted = memory.compactIfDue(conversationId, messages, first,
        lastUserMessage(messages), windowTokens, SpringMessages::toTranscript, UserMessage::new);
    compacted.ifPresent(c -> lastCompaction = Optional.of(c.compaction()));
    return compacted.map(CompactedConversation::messages).orElse(messages);
  }


  private static int lastUserMessage(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof UserMessage) {
        return i;
      }
    }
    return messages.size();
  }
}
