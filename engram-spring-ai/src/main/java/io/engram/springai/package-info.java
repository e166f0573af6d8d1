/**
 * Engram inside Spring AI. Every piece takes a {@link io.engram.hosted.HostedMemory} (an Engram home and a
 * project); the auto-configuration builds one from {@code engram.*} properties, so nothing is global.
 *
 * <p><b>Two Spring lines.</b> The jar is compiled against Spring Boot 4 and Spring AI 2 and runs on Spring Boot
 * 3.5 with Spring AI 1.1 as well: it uses only what both have, and the module {@code engram-spring-ai-boot3}
 * runs these tests on this jar with the Boot 3 line's versions. Where the two differ in a constant (the chat
 * memory advisors' order), the value is read when the class loads.
 *
 * <p><b>The advisor.</b> {@link io.engram.springai.EngramAdvisor} recalls the memories relevant to the user's
 * message before the call and adds them to it through a prompt template (within Engram's per-turn budgets),
 * and after the call queues the per-turn extraction on the exchange as the user wrote it, without the
 * memories it added. It orders itself after Spring AI's chat memory advisors: the request it sees holds the
 * whole conversation, so a memory the conversation holds is not sent again, and since those advisors keep the
 * user's own message, a memory recalled earlier is sent again on each turn it is relevant to. A streamed
 * answer is aggregated (Spring AI's {@code ChatClientMessageAggregator}) before the extraction reads it.
 *
 * <p><b>The chat memory.</b> {@link io.engram.springai.EngramChatMemory} keeps the whole conversation in a
 * {@code ChatMemoryRepository} and, instead of trimming it to a window of messages, replaces the messages
 * before the last user message with Engram's compaction when the conversation fills the model's window to the
 * critical level; the compaction keeps the user's messages word for word and the open tasks.
 * {@link io.engram.springai.EngramChatMemoryRepository} keeps each conversation in Engram (one redacted file per
 * conversation, written atomically under a lock).
 *
 * <p><b>Tools and configuration.</b> {@link io.engram.springai.EngramMemoryTools} holds {@code @Tool} methods
 * ({@code remember}, {@code recall}, {@code forget}) with the {@code engram} command's checks and redaction.
 * {@link io.engram.springai.EngramAutoConfiguration} provides all of them as beans from
 * {@link io.engram.springai.EngramProperties} (described in the configuration metadata), each replaceable; it
 * runs before Spring AI's chat memory auto-configuration, so the chat memory is Engram's compacting one, and
 * after Spring AI's repository auto-configurations, so a JDBC or other repository keeps the messages.
 *
 * <p>Where to start: {@link io.engram.springai.EngramAutoConfiguration}.
 */
package io.engram.springai;
