package io.engram.context;

import io.engram.config.ContextSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.Role;
import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * How full a session's window is at the end of its transcript, and how much each of its recent turns added.
 *
 * <p>Only the current segment counts (the messages after the last compaction). Where an assistant message
 * recorded the provider's usage, its prompt plus output is the real size at that point and the messages
 * after it are estimated on top; before any usage, the segment is estimated with the calibrated counter of
 * the session's model. A turn runs from one prompt a person typed to the next (the last one to the end);
 * its growth is the difference of the sizes at its ends, and only ends read the same way (both measured or
 * both estimated) give a growth, so the jump from an estimate to the first real size (which includes the
 * system prompt the transcript never shows) is not taken for a turn's growth.
 *
 * @param window the window of the session's last model
 * @param tokens the context size after the last message
 * @param measured true when {@code tokens} is anchored on recorded usage
 * @param turnGrowth the tokens each turn of the segment added, oldest first
 * @param segment the index of the current segment (0 before the first compaction)
 * @param messages how many messages the transcript held when read
 */
public record ContextReading(
    ContextWindow window, long tokens, boolean measured, List<Long> turnGrowth, int segment, int messages) {

  public ContextReading {
    turnGrowth = List.copyOf(turnGrowth);
  }

  /** Reads {@code transcript} with the window and token correction of its last model. */
  public static ContextReading of(Transcript transcript, ContextSettings settings) {
    String model = modelOf(transcript);
    return of(transcript, ContextWindow.forModel(model, settings), JtokkitTokenCounter.forModel(model, settings));
  }

  /** Reads {@code transcript} against {@code window}, estimating with {@code counter} where nothing was measured. */
  public static ContextReading of(Transcript transcript, ContextWindow window, TokenCounter counter) {
    List<Segment> segments = transcript.segments();
    Segment current = segments.get(segments.size() - 1);
    Size size = new Size();
    List<Long> starts = new ArrayList<>();
    List<Boolean> startsMeasured = new ArrayList<>();
    for (TranscriptMessage m : current.messages()) {
      if (m.isSidechain()) {
        continue;
      }
      if (m.isHumanInput()) {
        starts.add(size.now());
        startsMeasured.add(size.measured());
      }
      size.add(m, counter.count(m.promptText()));
    }
    List<Long> growth = new ArrayList<>();
    for (int i = 0; i < starts.size(); i++) {
      boolean last = i == starts.size() - 1;
      long end = last ? size.now() : starts.get(i + 1);
      boolean endMeasured = last ? size.measured() : startsMeasured.get(i + 1);
      if (endMeasured == startsMeasured.get(i)) {
        growth.add(end - starts.get(i));
      }
    }
    return new ContextReading(window, size.now(), size.measured(), growth, current.index(),
        transcript.messages().size());
  }

  /** The share of the window filled. */
  public double ratio() {
    return window.ratio(tokens);
  }

  /** The level the window is at. */
  public ContextLevel level() {
    return window.level(tokens);
  }

  /** The size so far: the last measured size plus the estimate of what came after it, else the estimate. */
  private static final class Size {
    private long estimate;
    private long measuredAt = -1;
    private long since;

    void add(TranscriptMessage m, long cost) {
      estimate += cost;
      if (m.role() == Role.ASSISTANT && m.usage().isPresent()
          && m.usage().get().promptTokens() + m.usage().get().outputTokens() > 0) {
        measuredAt = m.usage().get().promptTokens() + m.usage().get().outputTokens();
        since = 0;
      } else {
        since += cost;
      }
    }

    boolean measured() {
      return measuredAt >= 0;
    }

    long now() {
      return measured() ? measuredAt + since : estimate;
    }
  }

  /** The model of the transcript's last message that names one; "" when none does. */
  public static String modelOf(Transcript transcript) {
    List<TranscriptMessage> messages = transcript.messages();
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i).model().isPresent()) {
        return messages.get(i).model().get();
      }
    }
    return "";
  }
}
