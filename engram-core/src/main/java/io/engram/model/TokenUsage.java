package io.engram.model;

/**
 * Tokens one or more model calls cost.
 *
 * <p>{@code input} counts only the input tokens that were neither read from nor written to the prompt
 * cache (the Anthropic convention); adapters of APIs that report cached tokens inside the prompt total
 * subtract them, so the four fields never overlap and {@link #total()} is their plain sum.
 */
public record TokenUsage(long input, long output, long cacheRead, long cacheWrite) {

  /** No tokens at all. */
  public static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0);

  public TokenUsage {
    if (input < 0 || output < 0 || cacheRead < 0 || cacheWrite < 0) {
      throw new IllegalArgumentException(
          "token counts must not be negative: " + input + "/" + output + "/" + cacheRead + "/" + cacheWrite);
    }
  }

  /** Every token processed: uncached input, output, cache reads and cache writes. */
  public long total() {
    return input + output + cacheRead + cacheWrite;
  }

  /** The field-wise sum of this usage and {@code other}. */
  public TokenUsage plus(TokenUsage other) {
    return new TokenUsage(
        input + other.input, output + other.output, cacheRead + other.cacheRead, cacheWrite + other.cacheWrite);
  }
}
