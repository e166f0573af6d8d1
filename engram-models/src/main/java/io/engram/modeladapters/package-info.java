/**
 * Adapters of the core's model port ({@link io.engram.model.LanguageModel}, package {@code
 * io.engram.model}) to real HTTP APIs: the Anthropic Messages API ({@link
 * io.engram.modeladapters.AnthropicModel}, with prompt caching) and any OpenAI-compatible
 * chat-completions server ({@link io.engram.modeladapters.OpenAiChatModel}).
 *
 * <p>{@link io.engram.modeladapters.ModelFactory} builds the configured adapter, and the router every
 * engine uses, from the settings and the environment; a configuration it cannot use gives the offline
 * engine with the reason, never an error for a command that works offline. API keys are held by {@link
 * io.engram.modeladapters.ApiKey}, which never prints them and scrubs them from every error message;
 * a {@link io.engram.modeladapters.ModelEndpoint} prints {@code key set} or {@code key none}, never the key.
 *
 * <p>Both adapters are a hundred-odd lines on the JDK's {@code java.net.http.HttpClient} plus Jackson
 * (already a core dependency), non-streaming; {@code JsonHttp} is the shared POST. LangChain4j 1.19.0
 * ({@code langchain4j-anthropic}, {@code langchain4j-open-ai}) was the first candidate and was rejected:
 * its Anthropic model can put {@code cache_control} only on system messages and tools, while the
 * extraction and notes passes need the breakpoint at the end of a message prefix (the conversation
 * re-read every turn); its retry helper backs off on its own schedule and ignores {@code retry-after};
 * Engram must guarantee that a key never reaches an error message, which means owning the error path; and
 * the two modules with their HTTP client would bring a dependency tree into the shaded jar for two POST
 * requests. The official SDKs were rejected for the same footprint (each brings OkHttp and Kotlin) and
 * because two SDKs would mean two error models and two retry policies. The cost: new API features (tools,
 * images, streaming) must be added by hand; Engram's engines need none of them.
 *
 * <p>Failures: 408, 409, 429, 5xx (Anthropic's 529 included) and connection failures are retried with
 * doubling backoff and jitter, a longer {@code retry-after} or {@code retry-after-ms} honoured (one above
 * {@code model.maxRetryAfterSeconds} fails the call); a time-out is not retried, since the router's offline path is the better use
 * of the time; everything else is final. Each failure becomes a {@link io.engram.model.ModelException}
 * whose kind says why.
 *
 * <p>Usage: {@link io.engram.model.TokenUsage#input()} is uncached input only, so the OpenAI adapter moves
 * {@code prompt_tokens_details.cached_tokens} out of {@code prompt_tokens} into the cache reads. It sends
 * {@code max_tokens} (what Ollama, vLLM, llama.cpp and LM Studio read); OpenAI's own reasoning models want
 * {@code max_completion_tokens} and are not supported.
 *
 * <p>Where to start: {@link io.engram.modeladapters.ModelFactory#router}.
 */
package io.engram.modeladapters;
