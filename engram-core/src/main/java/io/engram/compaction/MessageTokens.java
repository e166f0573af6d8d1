package io.engram.compaction;

import io.engram.tokens.TokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.TranscriptMessage;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The token counts of one compaction's messages and tool outputs, each counted once: counting is most of
 * what compaction costs, and the size before, the pruning and the kept tail all ask for the same messages.
 * A message of one block costs what that block costs, so a tool output alone in its message (the usual
 * case) is counted once for both. Keys are the message and block objects themselves (records compare by
 * value, and two equal outputs are still two outputs). Not thread-safe: one per compaction.
 */
final class MessageTokens {
  private final TokenCounter counter;
  private final Map<TranscriptMessage, Integer> messages = new IdentityHashMap<>();
  private final Map<ContentBlock.ToolResult, Integer> outputs = new IdentityHashMap<>();

  MessageTokens(TokenCounter counter) {
    this.counter = counter;
  }

  /** The tokens of {@code m}'s prompt text. */
  int of(TranscriptMessage m) {
    Integer known = messages.get(m);
    if (known != null) {
      return known;
    }
    int n = m.blocks().size() == 1 && m.blocks().get(0) instanceof ContentBlock.ToolResult r
        ? output(r) : counter.count(m.promptText());
    messages.put(m, n);
    return n;
  }

  /** The tokens of one tool output's text. */
  int output(ContentBlock.ToolResult r) {
    return outputs.computeIfAbsent(r, k -> counter.count(k.text()));
  }
}
