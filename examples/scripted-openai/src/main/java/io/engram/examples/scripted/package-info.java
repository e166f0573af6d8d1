/**
 * A local server that speaks the OpenAI chat-completions wire format and answers from a script, so the
 * framework adapters' tests and the examples run a real HTTP model client with no network and no key.
 *
 * <p>{@link io.engram.examples.scripted.ScriptedOpenAiServer} listens on 127.0.0.1 on a free port and
 * answers {@code POST .../chat/completions}: first from the queue of {@link
 * io.engram.examples.scripted.ScriptedReply replies} a test scripted, in order, then from its fallback
 * responder (an example's small, deterministic stand-in for a model). A request with {@code "stream": true}
 * is answered as the streaming API does, in server-sent events that carry the answer a few words at a time,
 * so streaming clients are tested too. It records every request it
 * received, so a test can check what the framework sent to the model (that a recalled memory was in
 * the prompt, that a secret was not).
 */
package io.engram.examples.scripted;
