package io.engram.context;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.config.ContextSettings;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.Role;
import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How full the context window was at each model request of a session.
 *
 * <p>A point is taken at the first record of each assistant response (a response split over several
 * records counts once). The estimate is the corrected token count of the segment's visible messages
 * before that point; it cannot see the agent's system prompt and tool definitions, so it runs low by
 * that fixed amount. Where the transcript records the provider's usage, the real prompt size is given
 * too, and the level is taken from it; otherwise from the estimate.
 */
public final class ContextTimeline {
  private ContextTimeline() {}

  /**
   * One request. Serialized with Jackson, the position's fields come first, beside the others.
   *
   * @param position where in the transcript the request is
   * @param model the model that answered ("" when not recorded)
   * @param windowTokens that model's window
   * @param estimatedTokens corrected estimate of the visible prefix
   * @param actualTokens the prompt size the provider recorded, if any
   * @param level the window level, from the real size when known
   */
  public record Point(
      @JsonUnwrapped Position position,
      String model,
      int windowTokens,
      long estimatedTokens,
      Optional<Long> actualTokens,
      ContextLevel level) {}

  /**
   * Where a request is in its transcript.
   *
   * @param messageIndex index of the assistant message in {@link Transcript#messages()}
   * @param lineNumber its source line (0 when the source has no lines)
   * @param at when, if recorded
   * @param segment which stretch between compactions it belongs to
   */
  public record Position(int messageIndex, int lineNumber, Optional<Instant> at, int segment) {}

  /** The points of {@code transcript}'s main line, counted with o200k_base and each model's correction. */
  public static List<Point> of(Transcript transcript, ContextSettings settings) {
    return of(transcript, settings, new JtokkitTokenCounter());
  }

  /**
   * The points, counting with {@code rawCounter} (uncorrected) and scaling by the correction the
   * settings give each request's model.
   */
  public static List<Point> of(Transcript transcript, ContextSettings settings, TokenCounter rawCounter) {
    List<Point> points = new ArrayList<>();
    int base = 0;
    for (Segment segment : transcript.segments()) {
      List<TranscriptMessage> messages = segment.messages();
      long raw = 0; // uncorrected count of the prefix; corrected per request's model
      String lastRequest = "";
      for (int i = 0; i < messages.size(); i++) {
        TranscriptMessage m = messages.get(i);
        if (m.isSidechain()) {
          continue;
        }
        boolean newResponse = m.role() == Role.ASSISTANT
            && (m.requestId().isEmpty() || !m.requestId().get().equals(lastRequest));
        if (newResponse) {
          lastRequest = m.requestId().orElse("");
          String model = m.model().orElse("");
          ContextWindow window = ContextWindow.forModel(model, settings);
          long estimate = (long) Math.ceil(raw * JtokkitTokenCounter.correctionFor(model, settings));
          Optional<Long> actual = m.usage().map(u -> u.promptTokens());
          points.add(new Point(new Position(base + i, m.lineNumber(), m.timestamp(), segment.index()), model,
              window.windowTokens(), estimate, actual, window.level(actual.orElse(estimate))));
        }
        raw += rawCounter.count(m.promptText());
      }
      base += messages.size();
    }
    return List.copyOf(points);
  }
}
