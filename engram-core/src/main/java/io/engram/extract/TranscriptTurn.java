package io.engram.extract;

import io.engram.transcript.TranscriptMessage;
import java.util.List;
import java.util.Objects;

/**
 * One turn of a conversation: a message the person typed and everything up to the next one.
 *
 * <p>Messages before the first human message (a resumed session's preamble) form a turn of their own
 * whose {@link #humanInput()} is false.
 *
 * @param startIndex index in the transcript's message list of the turn's first message (inclusive)
 * @param endIndex index just after the turn's last message (exclusive)
 * @param messages the messages of the turn, in order
 * @param humanInput true when the turn opens with a message the person typed
 * @param memoryWritten true when the agent itself wrote memory during this turn
 */
public record TranscriptTurn(
    int startIndex, int endIndex, List<TranscriptMessage> messages, boolean humanInput, boolean memoryWritten) {

  public TranscriptTurn {
    if (startIndex < 0 || endIndex < startIndex) {
      throw new IllegalArgumentException("bad turn range [" + startIndex + ", " + endIndex + ")");
    }
    messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
  }

  /** Number of tool calls the agent made during this turn. */
  public int toolCalls() {
    return messages.stream().mapToInt(m -> m.toolUses().size()).sum();
  }
}
