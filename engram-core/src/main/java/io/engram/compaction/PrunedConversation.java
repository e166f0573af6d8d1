package io.engram.compaction;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The messages to summarise after old tool outputs were pruned ({@link ToolOutputPruning}): outputs
 * outside the most recent messages are replaced by a one-line placeholder, oldest first, until the
 * messages fit the target. Error outputs are never pruned: they are key information. Each message and output
 * is counted once ({@link MessageTokens}); after pruning only the messages that changed are counted again.
 *
 * @param messages the messages with pruned outputs replaced
 * @param pruning what was pruned and its loss entries
 * @param tokens the tokens of {@code messages}
 */
record PrunedConversation(List<TranscriptMessage> messages, ToolOutputPruning.Result pruning, long tokens) {

  static PrunedConversation of(List<TranscriptMessage> part, long targetTokens, int protectRecent, MessageTokens tokens) {
    List<ToolOutputPruning.Output> outputs = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < part.size(); i++) {
      TranscriptMessage m = part.get(i);
      total += tokens.of(m);
      for (ContentBlock.ToolResult r : m.toolResults()) {
        if (!r.isError()) {
          outputs.add(new ToolOutputPruning.Output(r.toolUseId(), i, tokens.output(r)));
        }
      }
    }
    ToolOutputPruning.Result result = ToolOutputPruning.prune(outputs, total - targetTokens, part.size(), protectRecent);
    if (result.pruned().isEmpty()) {
      return new PrunedConversation(part, result, total);
    }
    Set<String> ids = new HashSet<>();
    result.pruned().forEach(o -> ids.add(o.id()));
    List<TranscriptMessage> out = new ArrayList<>(part.size());
    long after = 0;
    for (TranscriptMessage m : part) {
      TranscriptMessage kept = m.toolResults().stream().anyMatch(r -> ids.contains(r.toolUseId())) ? replace(m, ids, tokens) : m;
      out.add(kept);
      after += tokens.of(kept);
    }
    return new PrunedConversation(List.copyOf(out), result, after);
  }

  private static TranscriptMessage replace(TranscriptMessage m, Set<String> ids, MessageTokens tokens) {
    List<ContentBlock> blocks = new ArrayList<>();
    for (ContentBlock b : m.blocks()) {
      if (b instanceof ContentBlock.ToolResult r && ids.contains(r.toolUseId())) {
        blocks.add(new ContentBlock.ToolResult(
            r.toolUseId(), "[old tool output pruned: " + tokens.output(r) + " tokens]", false));
      } else {
        blocks.add(b);
      }
    }
    return m.toBuilder().blocks(blocks).build();
  }
}
