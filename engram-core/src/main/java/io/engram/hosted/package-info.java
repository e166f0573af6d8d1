/**
 * Engram for agents that a Java framework hosts (LangChain4j, Spring AI): one handle on a project's
 * memory that the framework adapters share, so that every adapter recalls, remembers, learns and
 * compacts the way the {@code engram} command and the hooks do.
 *
 * <p><b>The handle.</b> {@link io.engram.hosted.HostedMemory} opens a project's memory (project and user
 * stores, as {@code engram} does for the same project directory) from an Engram home and a project
 * directory; nothing is global, so two handles on two homes never meet. It is built over the project's
 * {@link io.engram.Engram} (its {@code engram()}), as every other surface is, so recall, remember and forget go
 * through the same entry points ({@code MemoryRecall}, the memory store with its validation and redaction) and a
 * memory is shown as everywhere else ({@code Engram.present}).
 *
 * <p><b>Conversations.</b> A framework names its conversations with its own ids (a LangChain4j memory id,
 * a Spring AI conversation id). Each becomes an Engram session whose id is derived from the project and
 * the conversation id, so the extraction pass's progress and the compaction hold per conversation, across
 * processes. {@link io.engram.hosted.ConversationFiles} keeps each conversation's messages, in the framework's
 * own JSON, under {@code <home>/projects/<key>/conversations/}: written atomically under a lock, and with every
 * string in it redacted first, because a conversation holds whatever the user typed and secrets never reach
 * disk.
 *
 * <p><b>Recall in a conversation.</b> Every adapter shows recalled memories to the model as the same Markdown
 * sections ({@link io.engram.hosted.RecalledSections}: {@code ## <name> (<type>)}, then the memory's text), and
 * the no-repeat rule is scoped to what the conversation holds: before each call the adapter hands
 * {@link io.engram.hosted.HostedMemory#recall(String, java.util.List)} the texts of the messages the model is
 * about to be sent, and a memory whose section is in one of them is not sent again (what those sections weigh
 * counts against the conversation's budget). A memory the conversation no longer holds can come back: the
 * framework did not keep the augmented message, a compaction summarised it away, a window trimmed it. So a
 * memory recalled once stays available for the whole conversation, whatever the framework keeps.
 *
 * <p><b>Learning.</b> After each exchange the adapter hands the conversation, as transcript messages, to
 * {@link io.engram.hosted.HostedMemory#learn}, which returns at once: the per-turn extraction pass runs on one
 * background thread per handle ({@code LearningQueue}). The queue is durable as the resident service's is: the
 * conversation, redacted, is written to {@code conversations/learning/<session>.jsonl} (as Claude Code's JSON
 * lines, read back by the one transcript reader) before the call returns, and deleted once the pass that read
 * it finished; a process that stops first leaves the file, and the next handle opened on the project runs it.
 * The pass resumes where its own state says, so nothing is lost and nothing is learnt twice. A conversation has
 * at most one waiting pass, which a newer exchange joins, so the work waiting is bounded by the conversations.
 * A pass that fails moves its file to {@code learning/failed/} with the reason.
 *
 * <p><b>Compaction.</b> Before a call, {@link io.engram.hosted.HostedMemory#compactIfDue} (done by {@link
 * io.engram.hosted.HostedContext}, the conversation's window) counts the
 * conversation's tokens against the model's window and, at the level where Claude Code compacts by itself
 * (the critical level, 92% by default), runs Engram's compactor; its summary keeps the user's messages word
 * for word and the open tasks, and replaces the conversation's older messages. The message that replaces them
 * ({@link io.engram.hosted.HostedCompaction#continuation}) also carries the project's standing rules, its
 * {@code feedback} and {@code user} memories, word for word within the cap a session's start has ({@link
 * io.engram.recall.StandingMemories}), so the first turn after a compaction obeys what the summary may have left
 * out; {@link io.engram.hosted.HostedCompaction#standing} says which went and which did not fit.
 */
package io.engram.hosted;
