/**
 * Engram inside LangChain4j agents. Every piece takes a {@link io.engram.hosted.HostedMemory} (an Engram
 * home and a project), so nothing is global.
 *
 * <p><b>Recall as retrieval.</b> {@link io.engram.langchain4j.EngramContentRetriever} is a LangChain4j
 * {@code ContentRetriever} over Engram's recall: given to an {@code AiServices} agent, it adds the memories
 * relevant to each user message to the prompt, within Engram's per-turn budgets and never the same
 * memory twice in one conversation (the conversation is the query's chat memory id).
 *
 * <p><b>Memory tools.</b> {@link io.engram.langchain4j.EngramMemoryTools} holds {@code @Tool} methods
 * ({@code remember}, {@code recall}, {@code forget}) with the checks and redaction of the {@code engram}
 * command; a refused call answers the model with the reason instead of throwing, so it can correct itself.
 *
 * <p><b>A chat memory Engram keeps.</b> {@link io.engram.langchain4j.EngramChatMemory} keeps the
 * conversation in Engram (one redacted file per conversation), runs the per-turn extraction after each
 * finished exchange (an assistant answer that calls no tool), and when a new user message brings the
 * conversation to the critical level of its window it replaces the messages before it with Engram's
 * compaction, which keeps the user's messages word for word and the open tasks.
 * {@link io.engram.langchain4j.EngramChatMemoryStore} is the plain store, for LangChain4j's own chat
 * memories.
 */
package io.engram.langchain4j;
