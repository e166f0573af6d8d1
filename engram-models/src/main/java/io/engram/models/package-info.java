/**
 * {@link io.engram.model.LanguageModel} adapters over real HTTP: the Anthropic Messages API and any
 * OpenAI-compatible chat-completions server, and {@link io.engram.models.ModelFactory}, which builds the
 * configured one from settings and the environment.
 */
package io.engram.models;
