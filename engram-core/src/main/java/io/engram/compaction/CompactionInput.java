package io.engram.compaction;

import io.engram.context.ContextWindow;
import io.engram.instructions.LoadedInstructions;
import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one compaction works on.
 *
 * @param messages the messages to compact: the current segment (after the last compaction boundary)
 * @param notes session notes covering the first messages, if any; only the rest is summarised
 * @param customInstructions the user's instructions ({@code /compact focus on X}), or blank
 * @param window the model's window (the budget files are restored within)
 * @param userRequested true when the user asked for this compaction (the model runs in the
 *     foreground); false for an automatic one (background, under the cost caps)
 * @param now the time file recency is measured from
 * @param baseDir where relative file paths are resolved when the messages carry no working directory
 * @param instructions the instruction files to re-inject after compaction, freshly loaded from disk
 */
record CompactionInput(
    List<TranscriptMessage> messages,
    Optional<CoveredNotes> notes,
    String customInstructions,
    ContextWindow window,
    boolean userRequested,
    Instant now,
    Path baseDir,
    LoadedInstructions instructions) {

  public CompactionInput {
    messages = List.copyOf(messages);
    Objects.requireNonNull(notes, "notes");
    customInstructions = customInstructions == null ? "" : customInstructions;
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(baseDir, "baseDir");
    Objects.requireNonNull(instructions, "instructions");
  }

  /**
   * The input for the current segment of {@code transcript} (the messages after its last compaction,
   * starting with the summary that opened it, which is carried forward), user-requested, with no notes or instructions; {@code now} is
   * the time of the last timestamped message (so an old transcript is judged as of its own end) and
   * {@code baseDir} the last recorded working directory, else the process's.
   */
  public static CompactionInput currentSegment(Transcript transcript, ContextWindow window) {
    List<Segment> segments = transcript.segments();
    return of(segments.get(segments.size() - 1).messages(), window);
  }

  /** The input for {@code messages}, with the defaults of {@link #currentSegment}. */
  public static CompactionInput of(List<TranscriptMessage> messages, ContextWindow window) {
    Instant now = lastOf(messages, m -> m.timestamp()).orElseGet(Instant::now);
    Path base = lastOf(messages, m -> m.cwd()).map(Path::of).orElseGet(() -> Path.of("").toAbsolutePath());
    return new CompactionInput(
        messages, Optional.empty(), "", window, true, now, base, LoadedInstructions.empty());
  }

  /** This input with {@code notes} reused. */
  public CompactionInput withNotes(CoveredNotes covered) {
    return new CompactionInput(messages, Optional.of(covered), customInstructions, window, userRequested, now,
        baseDir, instructions);
  }

  /** This input with the user's instructions. */
  public CompactionInput withCustomInstructions(String text) {
    return new CompactionInput(messages, notes, text, window, userRequested, now, baseDir, instructions);
  }

  /** This input as an automatic (true) or user-requested (false) compaction. */
  public CompactionInput automatic(boolean automatic) {
    return new CompactionInput(messages, notes, customInstructions, window, !automatic, now, baseDir, instructions);
  }

  /** This input with the instruction files to re-inject. */
  public CompactionInput withInstructions(LoadedInstructions loaded) {
    return new CompactionInput(messages, notes, customInstructions, window, userRequested, now, baseDir, loaded);
  }

  /** This input with another time of reference and base directory. */
  public CompactionInput at(Instant when, Path dir) {
    return new CompactionInput(messages, notes, customInstructions, window, userRequested, when, dir, instructions);
  }

  private static <T> Optional<T> lastOf(
      List<TranscriptMessage> messages, java.util.function.Function<TranscriptMessage, Optional<T>> field) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      Optional<T> value = field.apply(messages.get(i));
      if (value.isPresent()) {
        return value;
      }
    }
    return Optional.empty();
  }
}
