package io.engram.model;

import java.util.Objects;

/** One message of a conversation sent to a model: who said it and what. */
public record ChatMessage(ChatRole role, String text) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
  }

  /** A message from the user. */
  public static ChatMessage user(String text) {
    return new ChatMessage(ChatRole.USER, text);
  }

  /** A message from the model. */
  public static ChatMessage assistant(String text) {
    return new ChatMessage(ChatRole.ASSISTANT, text);
  }
}
