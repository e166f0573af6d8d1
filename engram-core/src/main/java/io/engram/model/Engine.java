package io.engram.model;

/** Which engine produced an answer: a language model, or Engram's deterministic offline algorithms. */
public enum Engine {
  MODEL,
  OFFLINE
}
