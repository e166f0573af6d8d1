package io.engram.modeladapters;

import java.util.Locale;

/** The wire protocols Engram speaks to models, with their default base URLs. */
public enum Provider {
  /** The Anthropic Messages API ({@code POST {base}/v1/messages}). */
  ANTHROPIC("https://api.anthropic.com"),
  /** OpenAI chat completions ({@code POST {base}/chat/completions}): OpenAI, Ollama, vLLM, llama.cpp, LM Studio. */
  OPENAI("https://api.openai.com/v1");

  private final String defaultBaseUrl;

  Provider(String defaultBaseUrl) {
    this.defaultBaseUrl = defaultBaseUrl;
  }

  /** The base URL used when neither settings nor the environment name one. */
  public String defaultBaseUrl() {
    return defaultBaseUrl;
  }

  /** The lower-case name used in settings and in {@code ENGRAM_MODEL}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
