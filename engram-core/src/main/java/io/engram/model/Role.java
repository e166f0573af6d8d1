package io.engram.model;

/** Who said a message in a conversation sent to a model. */
public enum Role {
  /** The user, or Engram speaking for the user. */
  USER,
  /** The model's own earlier answer. */
  ASSISTANT
}
