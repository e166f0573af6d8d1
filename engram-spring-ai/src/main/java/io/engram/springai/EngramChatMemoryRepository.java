package io.engram.springai;

import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;

/**
 * A Spring AI chat memory repository that keeps each conversation in Engram: one file per conversation in the
 * project's folder of Engram's home, written atomically under a lock, every string redacted before it reaches
 * disk. It stores what it is given; {@link EngramChatMemory} decides what the conversation holds. Thread-safe.
 */
public final class EngramChatMemoryRepository implements ChatMemoryRepository {
  private final HostedMemory memory;

  /** A repository in {@code memory}'s project. */
  public EngramChatMemoryRepository(HostedMemory memory) {
    this.memory = Objects.requireNonNull(memory, "memory");
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
   * Replaces the conversation with {@code messages}.
   *
   * @throws UncheckedIOException when the conversation cannot be saved (what was stored is then unchanged)
   */
  @Override
  public void saveAll(String conversationId, List<Message> messages) {
    Objects.requireNonNull(conversationId, "conversationId");
    try {
      memory.conversations().write(conversationId, SpringMessages.toJson(messages));
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
}
