/**
 * Engram inside Spring AI. Every piece takes a {@link io.engram.hosted.HostedMemory} (an Engram home and a
 * project); the auto-configuration builds one from {@code engram.*} properties, so nothing is global.
 *
 * <p><b>The advisor.</b> {@link io.engram.springai.EngramAdvisor} recalls the memories relevant to the user's
 * message before the call and adds them to it (within Engram's per-turn budgets, never the same memory
 * twice in one conversation, the conversation being {@code ChatMemory.CONVERSATION_ID} in the advisor
 * context), and after the call runs the per-turn extraction on the exchange, as the user wrote it: the
 * recalled memories it added are not read back as something the user said. It orders itself after Spring
 * AI's chat memory advisors, so the conversation they keep holds the user's own words.
 *
 * <p><b>The repository.</b> {@link io.engram.springai.EngramChatMemoryRepository} keeps each conversation in
 * Engram (one redacted file per conversation, written atomically under a lock). When a save brings a
 * conversation to the critical level of its window, the messages before the last user message are
 * replaced by Engram's compaction, which keeps the user's messages word for word and the open tasks.
 *
 * <p><b>Tools and configuration.</b> {@link io.engram.springai.EngramMemoryTools} holds {@code @Tool} methods
 * ({@code remember}, {@code recall}, {@code forget}) with the {@code engram} command's checks and redaction.
 * {@link io.engram.springai.EngramAutoConfiguration} provides all of them as beans, each replaceable, from
 * {@link io.engram.springai.EngramProperties}.
 */
package io.engram.springai;
