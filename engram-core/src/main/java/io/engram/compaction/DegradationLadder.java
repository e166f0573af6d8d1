package io.engram.compaction;

import io.engram.config.CompactionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The graceful degradation of compaction as a pure decision procedure
 * that records every step; who writes the summaries is a {@link Summarizer} argument.
 *
 * <ol>
 *   <li>Ask for a summary with the standard prompt and score it.
 *   <li>Score at least {@code passScore} (80): accept.
 *   <li>Score in [{@code retryScore}, {@code passScore}) (70-79) and fewer than
 *       {@code maxRecompactions} (2) re-compactions so far: ask again with the degraded prompt (the
 *       failed score's advice, more weight on key information, less compression); back to 2.
 *   <li>Otherwise, once per run, if the best summary so far "lost much" of some kind of key information
 *       (that kind's preservation below {@code severeLossShare}, 50%): add every lost original item to
 *       its section (file names to 3, errors to 4, user messages to 6, keywords to 2), re-score; back
 *       to 2 (a fragment-carrying summary is not re-compacted, which would drop the fragments).
 *   <li>Otherwise (repeated failure, a failing summarizer, or nothing left to try): truncate, keeping the
 *       most recent {@code truncateKeepShare} (30%) of the messages, at least one, and the best summary so far
 *       when it reached the retry band: what held is kept beside the messages rather than thrown away for them.
 * </ol>
 * A first summary that cannot be scored (the scorer fails on this transcript) is kept unscored, and the step says
 * so.
 */
final class DegradationLadder {
  private final CompactionSettings settings;

  /** A ladder with the thresholds of {@code settings}. */
  public DegradationLadder(CompactionSettings settings) {
    this.settings = settings;
  }

  /**
   * Runs the ladder.
   *
   * @param summarizer writes each summary
   * @param scorer scores summaries against the original
   * @param customInstructions the user's instructions ({@code /compact focus on X}), or blank
   * @param messageCount the number of messages being compacted, for truncation
   */
  public LadderOutcome run(
      Summarizer summarizer, CompactionScorer scorer, String customInstructions, int messageCount) {
    Run run = new Run(summarizer, scorer);
    SummaryRequest first =
        new SummaryRequest(1, CompactionPrompt.standard(customInstructions), false, List.of());
    Optional<Attempt> best = run.ask(first, LadderStep.Action.SUMMARIZE);
    if (best.isEmpty() && run.unscored.isPresent()) {
      return new LadderOutcome(LadderOutcome.Result.SUMMARY, run.unscored.get().render(), Optional.empty(), run.steps,
          0);
    }
    int recompactions = 0;
    boolean fragments = false;
    while (best.isPresent()) {
      CompactionScore score = best.get().score();
      if (score.total() >= settings.passScore()) {
        return accept(run, best.get(), fragments);
      }
      if (!fragments && score.total() >= settings.retryScore() && recompactions < settings.maxRecompactions()) {
        recompactions++;
        SummaryRequest retry =
            new SummaryRequest(
                recompactions + 1, CompactionPrompt.degraded(customInstructions, score), true, score.advice());
        Optional<Attempt> again = run.ask(retry, LadderStep.Action.RECOMPACT);
        if (again.isEmpty()) {
          break;
        }
        best = again.get().score().total() > score.total() ? again : best;
        continue;
      }
      List<KeyKind> severe = severeLosses(score);
      if (fragments || severe.isEmpty()) {
        break;
      }
      fragments = true;
      SummarySections withFragments = withFragments(best.get().sections(), score);
      CompactionScore rescored = scorer.score(withFragments.render());
      run.step(
          LadderStep.Action.KEEP_FRAGMENTS,
          "lost much of " + names(severe) + ": original key fragments added",
          Optional.of(rescored));
      best = Optional.of(new Attempt(withFragments, rescored));
    }
    return truncate(run, messageCount, best.filter(a -> a.score().total() >= settings.retryScore()));
  }

  private LadderOutcome accept(Run run, Attempt attempt, boolean fragments) {
    CompactionScore score = attempt.score();
    run.step(
        LadderStep.Action.ACCEPT,
        String.format(Locale.ROOT, "score %.1f reaches the pass mark %d", score.total(), settings.passScore()),
        Optional.of(score));
    LadderOutcome.Result result =
        fragments ? LadderOutcome.Result.SUMMARY_WITH_FRAGMENTS : LadderOutcome.Result.SUMMARY;
    return new LadderOutcome(result, attempt.sections().render(), Optional.of(score), run.steps, 0);
  }

  private LadderOutcome truncate(Run run, int messageCount, Optional<Attempt> held) {
    int keep =
        messageCount <= 0 ? 0 : Math.max(1, (int) Math.ceil(settings.truncateKeepShare() * messageCount));
    String kept = held.map(a -> String.format(Locale.ROOT, ", with the best summary (score %.1f)",
        a.score().total())).orElse("");
    run.step(
        LadderStep.Action.TRUNCATE,
        String.format(
            Locale.ROOT, "no summary passed: keeping the most recent %d of %d messages%s", keep, messageCount, kept),
        Optional.empty());
    return new LadderOutcome(LadderOutcome.Result.TRUNCATED, held.map(a -> a.sections().render()).orElse(""),
        held.map(Attempt::score), run.steps, Math.max(0, messageCount - keep));
  }

  private List<KeyKind> severeLosses(CompactionScore score) {
    return score.evidence().preservation().entrySet().stream()
        .filter(e -> e.getValue() < settings.severeLossShare() * CompactionScore.FULL)
        .filter(e -> !score.evidence().lost().getOrDefault(e.getKey(), List.of()).isEmpty())
        .map(Map.Entry::getKey)
        .toList();
  }

  static SummarySections withFragments(SummarySections sections, CompactionScore score) {
    SummarySections out = sections;
    for (KeyKind kind : KeyKind.values()) {
      List<String> lost = score.evidence().lost().getOrDefault(kind, List.of());
      if (!lost.isEmpty()) {
        StringBuilder block = new StringBuilder("Key fragments from the original conversation:");
        lost.forEach(item -> block.append("\n- ").append(item.strip().replace("\n", "\n  ")));
        out = out.withAppended(kind.section(), block.toString());
      }
    }
    return out;
  }

  private static String names(List<KeyKind> kinds) {
    return String.join(
        ", ", kinds.stream().map(k -> k.name().toLowerCase(Locale.ROOT).replace('_', ' ')).toList());
  }

  private record Attempt(SummarySections sections, CompactionScore score) {}

  /** The steps of one run, numbered as they are added. */
  private static final class Run {
    final List<LadderStep> steps = new ArrayList<>();
    Optional<SummarySections> unscored = Optional.empty();
    final Summarizer summarizer;
    final CompactionScorer scorer;

    Run(Summarizer summarizer, CompactionScorer scorer) {
      this.summarizer = summarizer;
      this.scorer = scorer;
    }

    void step(LadderStep.Action action, String detail, Optional<CompactionScore> score) {
      steps.add(new LadderStep(steps.size() + 1, action, detail, score));
    }

    Optional<Attempt> ask(SummaryRequest request, LadderStep.Action action) {
      String text;
      try {
        text = Objects.requireNonNullElse(summarizer.summarize(request), "");
      } catch (java.util.concurrent.CancellationException e) {
        throw e; // the caller stopped the compaction: not a summarizer that failed
      } catch (RuntimeException e) {
        step(LadderStep.Action.SUMMARIZER_FAILED, "attempt " + request.attempt() + " failed: " + e, Optional.empty());
        return Optional.empty();
      }
      CompactionScore score;
      try {
        score = scorer.score(text);
      } catch (RuntimeException | StackOverflowError e) {
        // The summary may be sound although it cannot be judged: it is kept, said to be unscored.
        step(LadderStep.Action.DEGRADED, "scoring attempt " + request.attempt() + " failed ("
            + StageGuard.describe(e) + "): the summary is kept without a score", Optional.empty());
        unscored = Optional.of(SummarySections.parse(text));
        return Optional.empty();
      }
      String detail = String.format(Locale.ROOT, "attempt %d scored %.1f", request.attempt(), score.total());
      step(action, detail, Optional.of(score));
      return Optional.of(new Attempt(SummarySections.parse(text), score));
    }
  }
}
