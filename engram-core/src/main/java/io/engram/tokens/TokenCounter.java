package io.engram.tokens;

/**
 * Counts the tokens a piece of text costs in a model's context window.
 *
 * <p>This is a port: the default is {@link JtokkitTokenCounter}; a model adapter may supply an exact
 * counter. Implementations are thread-safe and never fail on any string.
 */
@FunctionalInterface
public interface TokenCounter {

  /** The number of tokens {@code text} costs; 0 for the empty string. */
  int count(String text);
}
