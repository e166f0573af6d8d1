package io.engram.model;

/**
 * Who said a message in a conversation sent to a model; a transcript's own speakers are {@code
 * io.engram.transcript.Role}.
 */
public enum ChatRole {
  /** The user, or Engram speaking for the user. */
  USER,
  /** The model's own earlier answer. */
  ASSISTANT
}
