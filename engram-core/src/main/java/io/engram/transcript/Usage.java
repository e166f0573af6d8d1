package io.engram.transcript;

/**
 * Token usage a model provider recorded for one request.
 *
 * @param inputTokens uncached input tokens
 * @param cacheReadInputTokens input tokens read from the prompt cache
 * @param cacheCreationInputTokens input tokens written to the prompt cache
 * @param outputTokens generated tokens
 */
public record Usage(
    long inputTokens, long cacheReadInputTokens, long cacheCreationInputTokens, long outputTokens) {

  /** Everything the request sent: the size of the prompt in the model's own tokens. */
  public long promptTokens() {
    return inputTokens + cacheReadInputTokens + cacheCreationInputTokens;
  }
}
