package io.engram.model;

import java.util.List;
import java.util.Objects;

/**
 * What Engram asks a model: system text, the conversation, a limit on the answer's tokens, and how
 * much of the start of the request is a stable prefix worth caching.
 *
 * <p>{@code cacheablePrefix} is the number of leading messages that repeat unchanged across calls (for
 * example the conversation an extraction pass re-reads each turn); 0 means no messages. When
 * {@code cacheSystem} is true the system text is part of the cacheable prefix. Adapters of APIs
 * with explicit prompt caching (Anthropic) mark the end of that prefix; others ignore it.
 */
public record ModelRequest(
    String system, List<ChatMessage> messages, int maxTokens, boolean cacheSystem, int cacheablePrefix) {

  public ModelRequest {
    Objects.requireNonNull(system, "system");
    messages = List.copyOf(messages);
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a model request needs at least one message");
    }
    if (maxTokens <= 0) {
      throw new IllegalArgumentException("maxTokens must be positive, was " + maxTokens);
    }
    if (cacheablePrefix < 0 || cacheablePrefix > messages.size()) {
      throw new IllegalArgumentException(
          "cacheablePrefix must be between 0 and " + messages.size() + ", was " + cacheablePrefix);
    }
  }

  /** A request with nothing marked cacheable. */
  public static ModelRequest of(String system, List<ChatMessage> messages, int maxTokens) {
    return new ModelRequest(system, messages, maxTokens, false, 0);
  }

  /** A one-message request with nothing marked cacheable. */
  public static ModelRequest of(String system, String userText, int maxTokens) {
    return of(system, List.of(ChatMessage.user(userText)), maxTokens);
  }

  /** This request with the system text and the first {@code messageCount} messages marked cacheable. */
  public ModelRequest withCacheablePrefix(int messageCount) {
    return new ModelRequest(system, messages, maxTokens, true, messageCount);
  }

  /** This request with {@code more} messages appended; the cacheable prefix is kept. */
  public ModelRequest followedBy(List<ChatMessage> more) {
    List<ChatMessage> all = new java.util.ArrayList<>(messages);
    all.addAll(more);
    return new ModelRequest(system, all, maxTokens, cacheSystem, cacheablePrefix);
  }
}
