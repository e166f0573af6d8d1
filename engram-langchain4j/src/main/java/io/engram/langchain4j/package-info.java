/**
 * Engram inside LangChain4j agents. Every piece takes a {@link io.engram.hosted.HostedMemory} (an Engram
 * home and a project), so nothing is global; the module needs only {@code langchain4j-core}.
 *
 * <p><b>Recall as retrieval.</b> {@link io.engram.langchain4j.EngramContentRetriever} is a LangChain4j
 * {@code ContentRetriever} over Engram's recall: given to an {@code AiServices} agent, it adds the memories
 * relevant to each user message to the prompt, one Markdown section each, within Engram's per-turn budgets.
 * The conversation the query comes from decides what is sent again: a memory whose section is in one of its
 * messages is not, and one that is no longer in them (LangChain4j was told not to store retrieved content, a
 * compaction summarised it away) comes back when it is relevant. With LangChain4j's default, which stores the
 * augmented user message in the chat memory, what was recalled stays in the conversation for its later turns.
 *
 * <p><b>Memory tools.</b> {@link io.engram.langchain4j.EngramMemoryTools} holds {@code @Tool} methods
 * ({@code remember}, {@code recall}, {@code forget}) with the checks and redaction of the {@code engram}
 * command; a refused call answers the model with the reason instead of throwing, so it can correct itself.
 *
 * <p><b>A chat memory Engram keeps.</b> {@link io.engram.langchain4j.EngramChatMemory} keeps the conversation
 * (by default in Engram, one redacted file per conversation, through
 * {@link io.engram.langchain4j.EngramChatMemoryStore}; any {@code ChatMemoryStore} will do), queues the
 * per-turn extraction after each finished exchange (an assistant answer that calls no tool; it runs on
 * Engram's background thread, durably), and when a new user message brings the conversation to the critical
 * level of its window it replaces the messages before it with Engram's compaction, which keeps the user's
 * messages word for word and the open tasks. {@code add(Iterable)} and {@code set} are one write and at most
 * one extraction pass, whatever the number of messages. The memories a content injector added to a user
 * message are not read back as the user's words, by the extraction or the compaction.
 *
 * <p>Where to start: {@code .chatMemoryProvider(EngramChatMemory.builder(memory)::build)} and
 * {@code .contentRetriever(new EngramContentRetriever(memory))} on an {@code AiServices} builder.
 */
package io.engram.langchain4j;
