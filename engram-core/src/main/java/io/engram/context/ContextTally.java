package io.engram.context;

import io.engram.config.ContextSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A running count of a session's window, kept from one reading of its transcript to the next, so that a pass
 * that reads only the new lines knows the window as a reading of the whole file would ({@link ContextReading}).
 *
 * <p>It holds what the current segment adds up to (the estimate of every message, the last recorded usage and
 * the estimate since) and where the segment's recent turns started; a compaction boundary starts it again.
 * Only the last {@link ContextSettings.TurnsLeft#TURNS_KEPT} turn starts are kept, so it stays small however long the
 * session runs.
 *
 * @param segment the index of the current segment (the compactions seen)
 * @param messages messages read so far, all segments and sidechains included
 * @param estimate the estimate of the segment's main-line messages
 * @param measuredAt the last recorded size (prompt plus output) in the segment; -1 when none
 * @param since the estimate of the messages after {@code measuredAt}
 * @param starts the size at the start of each recent turn of the segment, oldest first
 * @param model the last model a message named ("" when none did)
 */
public record ContextTally(int segment, int messages, long estimate, long measuredAt, long since,
    List<TurnStart> starts, String model) {
  /** Nothing read yet. */
  public static final ContextTally START = new ContextTally(0, 0, 0, -1, 0, List.of(), "");

  /**
   * Where a turn started.
   *
   * @param size the context size then
   * @param measured whether that size was anchored on recorded usage
   */
  public record TurnStart(long size, boolean measured) {}

  public ContextTally {
    Objects.requireNonNull(model, "model");
    starts = List.copyOf(starts);
    if (segment < 0 || messages < 0 || estimate < 0 || since < 0) {
      throw new IllegalArgumentException("a context tally cannot be negative");
    }
  }

  /**
   * This tally after {@code window}, a transcript read from where this tally stopped (its message and boundary
   * indexes count from its own first message), counted with the calibrated counter of the session's model.
   */
  public ContextTally plus(Transcript window, ContextSettings settings) {
    String latest = ContextReading.modelOf(window);
    return plus(window, JtokkitTokenCounter.forModel(latest.isEmpty() ? model : latest, settings));
  }

  /** This tally after {@code window}, estimating with {@code counter}. */
  public ContextTally plus(Transcript window, TokenCounter counter) {
    Running r = new Running(this);
    List<TranscriptMessage> all = window.messages();
    List<CompactionBoundary> boundaries = window.boundaries();
    int b = 0;
    for (int i = 0; i < all.size(); i++) {
      for (; b < boundaries.size() && boundaries.get(b).messageIndex() <= i; b++) {
        r.compacted();
      }
      r.add(all.get(i), counter);
    }
    for (; b < boundaries.size(); b++) {
      r.compacted();
    }
    String latest = ContextReading.modelOf(window);
    return new ContextTally(r.segment, messages + all.size(), r.estimate, r.measuredAt, r.since,
        r.starts.subList(Math.max(0, r.starts.size() - ContextSettings.TurnsLeft.TURNS_KEPT), r.starts.size()),
        latest.isEmpty() ? model : latest);
  }

  /** True when the size is anchored on recorded usage. */
  public boolean measured() {
    return measuredAt >= 0;
  }

  /** The context size after the last message read. */
  public long tokens() {
    return measured() ? measuredAt + since : estimate;
  }

  /** The reading of the window, as {@link ContextReading#of} gives it for the whole transcript. */
  public ContextReading reading(ContextWindow window) {
    List<Long> growth = new ArrayList<>();
    for (int i = 0; i < starts.size(); i++) {
      boolean last = i == starts.size() - 1;
      long end = last ? tokens() : starts.get(i + 1).size();
      boolean endMeasured = last ? measured() : starts.get(i + 1).measured();
      if (endMeasured == starts.get(i).measured()) {
        growth.add(end - starts.get(i).size());
      }
    }
    return new ContextReading(window, tokens(), measured(), growth, segment, messages);
  }

  /** The reading against the window of the session's last model. */
  public ContextReading reading(ContextSettings settings) {
    return reading(ContextWindow.forModel(model, settings));
  }

  private static final class Running {
    int segment;
    long estimate;
    long measuredAt;
    long since;
    final List<TurnStart> starts;

    Running(ContextTally from) {
      segment = from.segment;
      estimate = from.estimate;
      measuredAt = from.measuredAt;
      since = from.since;
      starts = new ArrayList<>(from.starts);
    }

    void compacted() {
      segment++;
      estimate = 0;
      measuredAt = -1;
      since = 0;
      starts.clear();
    }

    void add(TranscriptMessage m, TokenCounter counter) {
      if (m.isSidechain()) {
        return;
      }
      if (m.isHumanInput()) {
        starts.add(new TurnStart(measuredAt >= 0 ? measuredAt + since : estimate, measuredAt >= 0));
      }
      long cost = counter.count(m.promptText());
      estimate += cost;
      long recorded = m.role() == Role.ASSISTANT && m.usage().isPresent()
          ? m.usage().get().promptTokens() + m.usage().get().outputTokens() : 0;
      if (recorded > 0) {
        measuredAt = recorded;
        since = 0;
      } else {
        since += cost;
      }
    }
  }
}
