/**
 * Engram for agents that a Java framework hosts (LangChain4j, Spring AI): one handle on a project's
 * memory that the framework adapters share, so that every adapter recalls, remembers, learns and
 * compacts the way the {@code engram} command and the hooks do.
 *
 * <p><b>The handle.</b> {@link io.engram.hosted.HostedMemory} opens a project's memory (project and user
 * stores, as {@code engram} does for the same project directory) from an Engram home and a project
 * directory; nothing is global, so two handles on two homes never meet. Recall, remember and forget go
 * through the same entry points as every other surface ({@code MemoryRecall}, the memory store with its
 * validation and redaction).
 *
 * <p><b>Conversations.</b> A framework names its conversations with its own ids (a LangChain4j memory id,
 * a Spring AI conversation id). Each becomes an Engram session whose id is derived from the project and
 * the conversation id, so recall's per-session budgets and no-repeat rule, the extraction pass's progress
 * and the compaction all hold per conversation, across processes. {@link io.engram.hosted.ConversationFiles}
 * keeps each conversation's messages, in the framework's own JSON, under
 * {@code <home>/projects/<key>/conversations/}: written atomically under a lock, and with every string in
 * it redacted first, because a conversation holds whatever the user typed and secrets never reach disk.
 *
 * <p><b>Learning and compaction.</b> After each exchange the adapter hands the conversation, as transcript
 * messages, to {@link io.engram.hosted.HostedMemory#learn}, which runs the per-turn extraction pass on what
 * it has not read yet. Before a call, {@link io.engram.hosted.HostedMemory#compactIfDue} counts the
 * conversation's tokens against the model's window and, at the level where Claude Code compacts by itself
 * (the critical level, 92% by default), runs Engram's compactor; its summary keeps the user's messages word
 * for word and the open tasks, and replaces the conversation's older messages.
 */
package io.engram.hosted;
