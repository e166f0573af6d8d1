package io.engram.hosted;

import java.util.List;
import java.util.Objects;

/**
 * A framework's conversation after a compaction: its messages, with the compacted ones replaced by one
 * continuation message, and the compaction itself.
 *
 * @param messages the conversation's messages in the framework's own type
 * @param compaction the compaction that replaced the earlier messages
 * @param <M> the framework's message type
 */
public record CompactedConversation<M>(List<M> messages, HostedCompaction compaction) {
  public CompactedConversation {
    messages = List.copyOf(messages);
    Objects.requireNonNull(compaction, "compaction");
  }
}
