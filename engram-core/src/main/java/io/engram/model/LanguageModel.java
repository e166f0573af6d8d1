package io.engram.model;

/**
 * The port for "ask a model": one request in, one complete answer out.
 *
 * <p>Implementations are thread-safe, do their own retries on transient failures, and report every
 * failure as a {@link ModelException} whose message never contains an API key.
 */
public interface LanguageModel {

  /** Sends {@code request} and returns the whole answer. */
  ModelResponse complete(ModelRequest request);

  /** Which model this is, as {@code provider:model} (for example {@code anthropic:claude-sonnet-4-5}). */
  String id();
}
