package io.engram.notes;

import io.engram.config.ContextSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.List;

/**
 * How many tokens the context held after the first {@code end} messages of a transcript.
 *
 * <p>Only the stretch since the last compaction counts. Where an assistant message recorded the
 * provider's usage, its prompt plus output is the real size at that point and the messages after it
 * are estimated on top; otherwise the whole stretch is estimated with the calibrated counter of the
 * session's model ({@link JtokkitTokenCounter#forModel}).
 */
final class ContextSize {
  private final ContextSettings settings;

  ContextSize(ContextSettings settings) {
    this.settings = settings;
  }

  long at(Transcript transcript, int end) {
    List<TranscriptMessage> messages = transcript.messages();
    int start = segmentStart(transcript, end);
    TokenCounter counter = JtokkitTokenCounter.forModel(model(messages, end), settings);
    // From the end back to the last recorded usage: only the messages after it are counted, so a Stop late
    // in a long session costs its last turn, not the whole segment.
    long since = 0;
    for (int i = end - 1; i >= start; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.isSidechain()) {
        continue;
      }
      // A usage of nothing (a synthetic reply's) measures nothing: the last real one is looked for before it, as the
      // running count of a pass by offset and the context levels do.
      long measured = m.role() == Role.ASSISTANT && m.usage().isPresent()
          ? m.usage().get().promptTokens() + m.usage().get().outputTokens() : 0;
      if (measured > 0) {
        return measured + since;
      }
      since += counter.count(m.promptText());
    }
    return since;
  }

  /** Index of the first message after the last compaction before {@code end}. */
  static int segmentStart(Transcript transcript, int end) {
    int start = 0;
    for (CompactionBoundary b : transcript.boundaries()) {
      if (b.messageIndex() < end) {
        start = b.messageIndex();
      }
    }
    return start;
  }

  private static String model(List<TranscriptMessage> messages, int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (messages.get(i).model().isPresent()) {
        return messages.get(i).model().get();
      }
    }
    return "";
  }
}
