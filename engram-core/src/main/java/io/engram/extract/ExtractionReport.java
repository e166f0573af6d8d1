package io.engram.extract;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one extraction pass read and wrote.
 *
 * @param sessionId the session
 * @param dryRun true when nothing was written (neither memories nor the pass's state)
 * @param read the messages the pass read, what it gave the extractor and what it left out
 * @param engine {@code offline} or {@code provider:model}; {@code none} when there was nothing to read
 * @param fallbackReason why the offline rules ran although a model was configured, or what they ran without that the
 *     settings asked for (the correction model's embedding model)
 * @param outcomes one per candidate, in the extractor's order
 */
public record ExtractionReport(
    String sessionId,
    boolean dryRun,
    MessagesRead read,
    String engine,
    Optional<String> fallbackReason,
    List<ExtractionOutcome> outcomes) {

  public ExtractionReport {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(fallbackReason, "fallbackReason");
    outcomes = List.copyOf(outcomes);
  }

  /**
   * One report for consecutive pieces of one pass (a long transcript read in pieces): the messages from
   * the first piece's start to the last one's end, every outcome, the engine that ran (the last that did).
   */
  static ExtractionReport joined(List<ExtractionReport> pieces) {
    ExtractionReport first = pieces.get(0);
    if (pieces.size() == 1) {
      return first;
    }
    ExtractionReport last = pieces.get(pieces.size() - 1);
    List<SkippedRange> skipped = new java.util.ArrayList<>();
    List<ExtractionOutcome> outcomes = new java.util.ArrayList<>();
    int texts = 0;
    String engine = "none";
    Optional<String> fallback = Optional.empty();
    for (ExtractionReport r : pieces) {
      skipped.addAll(r.read().skippedRanges());
      outcomes.addAll(r.outcomes());
      texts += r.read().turnTexts();
      engine = r.engine().equals("none") ? engine : r.engine();
      fallback = r.fallbackReason().isPresent() ? r.fallbackReason() : fallback;
    }
    return new ExtractionReport(first.sessionId(), first.dryRun(),
        new MessagesRead(first.read().fromMessage(), last.read().toMessage(), texts, skipped), engine, fallback,
        outcomes);
  }

  /**
   * The messages one pass read.
   *
   * @param fromMessage first message read (where the previous pass stopped)
   * @param toMessage end of the messages read (exclusive)
   * @param turnTexts how many texts (user, assistant, tool output) were given to the extractor
   * @param skippedRanges turns left out because the agent wrote memory in them
   */
  public record MessagesRead(int fromMessage, int toMessage, int turnTexts, List<SkippedRange> skippedRanges) {
    public MessagesRead {
      skippedRanges = List.copyOf(skippedRanges);
    }
  }

  /** The outcomes of one kind. */
  public List<ExtractionOutcome> of(ExtractionOutcome.Kind kind) {
    return outcomes.stream().filter(o -> o.kind() == kind).toList();
  }
}
