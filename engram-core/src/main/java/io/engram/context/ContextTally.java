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
 * @param estimate the estimate of the segment's main-line messages before its first recorded usage (after it the
 *     recorded size is the size, and the estimate is never read)
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
    boolean[] seen = sinceSeen(all, boundaries);
    int b = 0;
    for (int i = 0; i < all.size(); i++) {
      for (; b < boundaries.size() && boundaries.get(b).messageIndex() <= i; b++) {
        r.compacted();
      }
      r.add(all.get(i), counter, seen[i]);
    }
    for (; b < boundaries.size(); b++) {
      r.compacted();
    }
    String latest = ContextReading.modelOf(window);
    return new ContextTally(r.segment, messages + all.size(), r.estimate, r.measuredAt, r.since,
        r.starts.subList(Math.max(0, r.starts.size() - ContextSettings.TurnsLeft.TURNS_KEPT), r.starts.size()),
        latest.isEmpty() ? model : latest);
  }

  /**
   * For each message of {@code all}, whether the estimate since the last recorded usage, as it stands after that
   * message, is ever read: by a turn that starts before the next recorded usage or compaction, or at the end of the
   * window. One pass from the end; a message whose estimate nobody reads is not counted (a long session's tool
   * output between two recorded usages is most of its text, and counting it is most of the cost).
   */
  private static boolean[] sinceSeen(List<TranscriptMessage> all, List<CompactionBoundary> boundaries) {
    int n = all.size();
    // A compaction is applied before the first message at or after its index: resetAt[i], before message i.
    boolean[] resetAt = new boolean[n + 1];
    for (CompactionBoundary boundary : boundaries) {
      resetAt[Math.max(0, Math.min(n, boundary.messageIndex()))] = true;
    }
    boolean[] seen = new boolean[n];
    boolean read = !resetAt[n];
    for (int i = n - 1; i >= 0; i--) {
      seen[i] = read;
      TranscriptMessage m = all.get(i);
      if (!m.isSidechain()) {
        if (m.isHumanInput()) {
          read = true;
        } else if (recorded(m) > 0) {
          read = false;
        }
      }
      if (resetAt[i]) {
        read = false;
      }
    }
    return seen;
  }

  private static long recorded(TranscriptMessage m) {
    return m.role() == Role.ASSISTANT && m.usage().isPresent()
        ? m.usage().get().promptTokens() + m.usage().get().outputTokens() : 0;
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

    /**
     * Adds {@code m}; {@code sinceSeen} says whether the estimate since the last recorded usage is read before it is
     * reset ({@link #sinceSeen}). Once a size is recorded the estimate is never read again in the segment, so only
     * what a later reading needs is counted: every message before the segment's first recorded usage, and after it
     * only those whose estimate is read.
     */
    void add(TranscriptMessage m, TokenCounter counter, boolean sinceSeen) {
      if (m.isSidechain()) {
        return;
      }
      if (m.isHumanInput()) {
        starts.add(new TurnStart(measuredAt >= 0 ? measuredAt + since : estimate, measuredAt >= 0));
      }
      long recorded = recorded(m);
      boolean needed = measuredAt < 0 ? recorded <= 0 : recorded <= 0 && sinceSeen;
      long cost = needed ? counter.count(m.promptText()) : 0;
      if (measuredAt < 0) {
        estimate += cost;
      }
      if (recorded > 0) {
        measuredAt = recorded;
        since = 0;
      } else {
        since += cost;
      }
    }
  }
}
