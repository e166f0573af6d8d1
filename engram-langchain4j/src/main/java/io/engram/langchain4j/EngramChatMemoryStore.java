package io.engram.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageDeserializer;
import dev.langchain4j.data.message.ChatMessageSerializer;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j chat memory store that keeps each conversation in Engram: one file per memory id, written
 * atomically under a lock, with every string redacted before it reaches disk.
 */
public final class EngramChatMemoryStore implements ChatMemoryStore {
  private final HostedMemory memory;

  /** A store keeping conversations in {@code memory}'s project. */
  public EngramChatMemoryStore(HostedMemory memory) {
    this.memory = Objects.requireNonNull(memory, "memory");
  }

  @Override
  public List<ChatMessage> getMessages(Object memoryId) {
    String id = String.valueOf(Objects.requireNonNull(memoryId, "memoryId"));
    try {
      return memory.conversations().read(id).map(ChatMessageDeserializer::messagesFromJson).orElse(List.of());
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not read conversation '" + id + "': " + e.getMessage(), e);
    }
  }

  @Override
  public void updateMessages(Object memoryId, List<ChatMessage> messages) {
    String id = String.valueOf(Objects.requireNonNull(memoryId, "memoryId"));
    try {
      memory.conversations().write(id, ChatMessageSerializer.messagesToJson(messages));
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not save conversation '" + id + "': " + e.getMessage(), e);
    }
  }

  @Override
  public void deleteMessages(Object memoryId) {
    String id = String.valueOf(Objects.requireNonNull(memoryId, "memoryId"));
    try {
      memory.conversations().delete(id);
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not delete conversation '" + id + "': " + e.getMessage(), e);
    }
  }
}
