/**
 * Adapters of the core's model port ({@link io.engram.model.LanguageModel}, package {@code
 * io.engram.model}) to real HTTP APIs: the Anthropic Messages API ({@link
 * io.engram.modeladapters.AnthropicModel}, with prompt caching) and any OpenAI-compatible
 * chat-completions server ({@link io.engram.modeladapters.OpenAiChatModel}).
 *
 * <p>{@link io.engram.modeladapters.ModelFactory} builds the configured adapter, and the router every
 * engine uses, from the settings and the environment; a configuration it cannot use gives the offline
 * engine with the reason, never an error for a command that works offline. API keys are held by {@link
 * io.engram.modeladapters.ApiKey}, which never prints them and scrubs them from every error message.
 *
 * <p>Where to start: {@link io.engram.modeladapters.ModelFactory#router}.
 */
package io.engram.modeladapters;
