package io.engram.transcript;

import java.util.List;
import java.util.Optional;

/**
 * The messages between two compactions: what the model could see in one stretch of the session.
 *
 * @param index 0 for the part before the first compaction
 * @param startedBy the boundary that opened this segment; empty for the first
 * @param messages the segment's messages, starting with the compaction summary when there is one
 */
public record Segment(int index, Optional<CompactionBoundary> startedBy, List<TranscriptMessage> messages) {
  public Segment {
    messages = List.copyOf(messages);
  }

  /** The compaction summary that opens this segment, if any. */
  public Optional<TranscriptMessage> summary() {
    return messages.stream().filter(TranscriptMessage::isCompactSummary).findFirst();
  }
}
