package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.config.ContextSettings;
import io.engram.config.EngramSettings;
import io.engram.context.ContextBudget;
import io.engram.model.Answered;
import io.engram.model.LanguageModel;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.notes.SessionNotes;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compacts a session's current segment: the engine behind {@link SessionCompaction}.
 *
 * <ol>
 *   <li>Session notes, when given, stand for the messages they cover; only the rest is summarised.
 *   <li>Old tool outputs are pruned first (oldest first, error outputs and the most recent
 *       {@code pruneProtectRecent} messages kept) until the part fits {@code pruneTargetShare} of the window.
 *   <li>The summary comes from the model (through the {@link ModelRouter}, {@link Purpose#COMPACTION},
 *       foreground when the user asked, background when automatic) with {@link CompactionPrompt}, or from
 *       the offline extractive compactor; a model failure that would leave the ladder only truncation
 *       falls back to offline.
 *   <li>Every attempt passes the {@link VerbatimGuarantee} (user messages, the last request and open todos
 *       re-added word for word) before it is scored; the {@link DegradationLadder} accepts, re-compacts,
 *       adds key fragments or truncates, recording each step.
 *   <li>The notes are merged into their sections; the files touched are restored by FileScore and
 *       knapsack within the files' share of the window minus what the summary uses; the todo list and the
 *       instruction files are listed for re-injection; a {@link LossRecord} says what was dropped.
 * </ol>
 */
final class Compactor {
  private final CompactionSettings settings;
  private final ContextSettings context;
  private final int maxOutputTokens;
  private final TokenCounter counter;
  private final ModelRouter router;

  /** A compactor with the settings' compaction, context and model sections, counting with {@code counter}. */
  public Compactor(EngramSettings settings, TokenCounter counter, ModelRouter router) {
    this.settings = settings.compaction();
    this.context = settings.context();
    this.maxOutputTokens = settings.model().maxOutputTokens();
    this.counter = counter;
    this.router = router;
  }

  /**
   * Compacts {@code input}; never fails on what a transcript holds. A part that fails is left out or stood in
   * for and a {@link LadderStep.Action#DEGRADED} step says so (the summary's preamble too); when the compaction
   * as a whole fails, the ladder's last rung keeps the most recent {@code truncateKeepShare} of the messages
   * with the user's messages word for word.
   */
  public CompactionResult compact(CompactionInput input) {
    return compact(input, CompactionProgress.NONE);
  }

  /**
   * Compacts {@code input}, telling {@code progress} of each stage (which may stop it: {@link CompactionProgress});
   * a stop is passed on, never taken for a failure to degrade from.
   */
  CompactionResult compact(CompactionInput input, CompactionProgress progress) {
    try {
      return compactEachPartGuarded(input, progress);
    } catch (java.util.concurrent.CancellationException stopped) {
      throw stopped;
    } catch (RuntimeException | StackOverflowError e) {
      return lastRung(input, e);
    }
  }

  private CompactionResult compactEachPartGuarded(CompactionInput input, CompactionProgress progress) {
    progress.stage(1, "counting and pruning the messages");
    List<TranscriptMessage> all = input.messages();
    int from = Math.min(all.size(), input.notes().map(CoveredNotes::coveredMessages).orElse(0));
    Optional<SessionNotes> notes = input.notes().map(CoveredNotes::notes);
    MessageTokens tokens = new MessageTokens(counter);
    long tokensBefore = all.stream().mapToLong(tokens::of).sum();
    long target = (long) (input.window().windowTokens() * settings.pruneTargetShare());
    PrunedConversation pruned =
        PrunedConversation.of(all.subList(from, all.size()), target, settings.pruneProtectRecent(), tokens);
    progress.stage(2, "reading the key information");
    Conversation conversation = Conversation.of(all, from, settings.maxTechnicalKeywords(), settings.userQuoteChars());
    int partTokens = (int) Math.min(Integer.MAX_VALUE, pruned.tokens());
    CompactionScorer scorer =
        new CompactionScorer(settings, conversation.key(), Continuity.of(conversation), partTokens, counter);
    ContextBudget budget = input.window().budget();
    List<String> readded = new ArrayList<>();
    List<String> degraded = new ArrayList<>(conversation.degraded());

    Answered<LadderOutcome> answered = router.run(
        Purpose.COMPACTION,
        !input.userRequested(),
        model -> withModel(model, pruned.messages(), notes, conversation, scorer, input, readded, progress),
        () -> offline(conversation, partTokens, budget, scorer, input, readded, degraded, progress));
    LadderOutcome outcome = answered.value();

    LossRecord lost = pruned.pruning().loss();
    SummarySections sections;
    int kept = 0;
    Optional<CompactionScore> score = outcome.score();
    if (outcome.result() == LadderOutcome.Result.TRUNCATED) {
      List<TranscriptMessage> part = pruned.messages();
      for (TranscriptMessage m : part.subList(0, outcome.keepFromMessage())) {
        lost = lost.plus(new LossRecord.Entry(LossRecord.Kind.MESSAGE, m.uuid().orElse("line " + m.lineNumber()),
            "dropped by truncation", tokens.of(m)));
      }
      kept = part.size() - outcome.keepFromMessage();
      readded.clear();
      SummarySections best = SummarySections.parse(outcome.summary());
      String why = outcome.summary().isBlank()
          ? "No summary passed the quality check: the most recent " + kept + " messages are kept as they are."
          : "No summary passed the quality check: the best one is kept, and the most recent " + kept
              + " messages as they are.";
      sections = guarded(new SummarySections(best.analysis(), (why + "\n" + best.preamble()).strip(),
          best.sections()), conversation, readded);
    } else {
      sections = SummarySections.parse(outcome.summary());
    }
    if (notes.isPresent()) {
      SummarySections unmerged = sections;
      StageGuard guard = new StageGuard();
      sections = guard.attempt("merging the session notes", () -> NotesMerge.into(unmerged, notes.get()),
          () -> unmerged);
      degraded.addAll(guard.failures());
    }
    if (!degraded.isEmpty()) {
      sections = new SummarySections(sections.analysis(), (sections.preamble() + "\nParts Engram could not read in"
          + " this transcript, left out: " + String.join("; ", degraded) + ".").strip(), sections.sections());
    }
    String summary = sections.render();
    if (notes.isPresent() && score.isPresent()) {
      score = Optional.of(scorer.score(summary));
    }
    long summaryTokens = counter.count(summary);
    long keptTokens = pruned.messages().subList(pruned.messages().size() - kept, pruned.messages().size()).stream()
        .mapToLong(tokens::of).sum();
    if (score.isPresent()) {
      lost = lost.plus(LossRecord.fromScore(score.get()));
    }
    int free = (int) Math.max(0, budget.fileTokens() - summaryTokens);
    progress.stage(4, "restoring the files touched");
    StageGuard restoring = new StageGuard();
    FileRestorer.Restored restored = restoring.attempt("restoring the files touched",
        () -> new FileRestorer(settings, counter).restore(conversation.touched(), input.now(), input.baseDir(), free),
        () -> new FileRestorer.Restored(List.of(), LossRecord.empty()));
    degraded.addAll(restoring.failures());
    lost = lost.plus(restored.lost());
    List<CompactionResult.Instruction> instructions = input.instructions().files().stream()
        .map(f -> new CompactionResult.Instruction(f.path().toString(), f.level().label(), f.tokens())).toList();
    return new CompactionResult(
        summary,
        sectionList(sections),
        new CompactionResult.Scoring(score, withDegraded(degraded, outcome.steps()), readded),
        new CompactionResult.Restoration(restored.files(), conversation.todos().items(), instructions,
            input.instructions().render()),
        lost,
        new CompactionResult.AnsweredBy(answered.engine().name().toLowerCase(java.util.Locale.ROOT),
            answered.engineId(), answered.fallbackReason()),
        new CompactionResult.Sizes(from, kept, tokensBefore, summaryTokens, summaryTokens + keptTokens));
  }

  /**
   * Scores {@code summary} as a summary of all of {@code input}'s messages, with the scorer a compaction of
   * them would use (key information, the state of the work, the pruned size), without compacting.
   */
  CompactionScore score(CompactionInput input, String summary) {
    List<TranscriptMessage> all = input.messages();
    long target = (long) (input.window().windowTokens() * settings.pruneTargetShare());
    PrunedConversation pruned =
        PrunedConversation.of(all, target, settings.pruneProtectRecent(), new MessageTokens(counter));
    Conversation conversation = Conversation.of(all, 0, settings.maxTechnicalKeywords(), settings.userQuoteChars());
    int partTokens = (int) Math.min(Integer.MAX_VALUE, pruned.tokens());
    return new CompactionScorer(settings, conversation.key(), Continuity.of(conversation), partTokens, counter)
        .score(summary);
  }

  private LadderOutcome withModel(LanguageModel model, List<TranscriptMessage> messages, Optional<SessionNotes> notes,
      Conversation conversation, CompactionScorer scorer, CompactionInput input, List<String> readded,
      CompactionProgress progress) {
    Summarizer summarizer = new ModelSummarizer(model, messages, notes, maxOutputTokens,
        settings.modelToolInputChars());
    LadderOutcome outcome = new DegradationLadder(settings).run(
        guard(summarizer, conversation, readded, progress), scorer, input.customInstructions(), messages.size());
    Optional<LadderStep> failed = outcome.steps().stream()
        .filter(s -> s.action() == LadderStep.Action.SUMMARIZER_FAILED).findFirst();
    if (failed.isPresent() && outcome.result() == LadderOutcome.Result.TRUNCATED) {
      // The model failed where the ladder needed it: the offline compactor does better than truncation.
      throw new IllegalStateException(failed.get().detail());
    }
    return outcome;
  }

  private LadderOutcome offline(Conversation conversation, int partTokens, ContextBudget budget,
      CompactionScorer scorer, CompactionInput input, List<String> readded, List<String> degraded,
      CompactionProgress progress) {
    readded.clear();
    ExtractiveSummarizer extractive =
        new ExtractiveSummarizer(conversation, counter, partTokens, budget.summaryTokens(), settings);
    LadderOutcome outcome = new DegradationLadder(settings).run(
        guard(extractive, conversation, readded, progress), scorer, input.customInstructions(), conversation.part().size());
    degraded.addAll(extractive.failures());
    return outcome;
  }

  /** The degraded parts as the first steps, then the ladder's, numbered in order. */
  private static List<LadderStep> withDegraded(List<String> degraded, List<LadderStep> ladder) {
    List<LadderStep> steps = new ArrayList<>();
    degraded.stream().distinct().forEach(d -> steps.add(new LadderStep(steps.size() + 1, LadderStep.Action.DEGRADED,
        d + ": left out", Optional.empty())));
    ladder.forEach(l -> steps.add(new LadderStep(steps.size() + 1, l.action(), l.detail(), l.score())));
    return steps;
  }

  /**
   * The last rung, when the compaction as a whole failed: the most recent {@code truncateKeepShare} of the
   * messages are kept as they are, and the summary says why and quotes what the user asked, word for word.
   */
  private CompactionResult lastRung(CompactionInput input, Throwable failure) {
    List<TranscriptMessage> all = input.messages();
    int keep = all.isEmpty() ? 0 : Math.max(1, (int) Math.ceil(settings.truncateKeepShare() * all.size()));
    StageGuard guard = new StageGuard();
    List<String> asked = guard.attempt("reading the user's messages",
        () -> Conversation.humanTexts(all, settings.userQuoteChars()), List::of);
    String reason = "the compaction failed (" + StageGuard.describe(failure) + ")";
    String quoted = asked.isEmpty() ? "The user typed no message in this part."
        : String.join("\n", asked.stream().map(t -> "- " + t.replace("\n", "\n  ")).toList());
    SummarySections sections = new SummarySections("", "Engram could not summarise this part: " + reason
        + ". The most recent " + keep + " of " + all.size() + " messages are kept as they are.",
        java.util.Map.of(SummarySection.USER_MESSAGES, quoted));
    String summary = sections.render();
    MessageTokens tokens = new MessageTokens(counter);
    long before = guard.attempt("counting tokens", () -> all.stream().mapToLong(tokens::of).sum(), () -> 0L);
    long summaryTokens = guard.attempt("counting tokens", () -> (long) counter.count(summary), () -> 0L);
    long kept = guard.attempt("counting tokens",
        () -> all.subList(all.size() - keep, all.size()).stream().mapToLong(tokens::of).sum(), () -> 0L);
    LossRecord lost = LossRecord.empty();
    for (TranscriptMessage m : all.subList(0, all.size() - keep)) {
      lost = lost.plus(new LossRecord.Entry(LossRecord.Kind.MESSAGE, m.uuid().orElse("line " + m.lineNumber()),
          "dropped by truncation", 0));
    }
    List<LadderStep> steps = new ArrayList<>();
    steps.add(new LadderStep(1, LadderStep.Action.DEGRADED, reason + ": no summary", Optional.empty()));
    guard.failures().forEach(f -> steps.add(new LadderStep(steps.size() + 1, LadderStep.Action.DEGRADED, f,
        Optional.empty())));
    steps.add(new LadderStep(steps.size() + 1, LadderStep.Action.TRUNCATE, String.format(java.util.Locale.ROOT,
        "keeping the most recent %d of %d messages", keep, all.size()), Optional.empty()));
    return new CompactionResult(summary, sectionList(sections),
        new CompactionResult.Scoring(Optional.empty(), steps, List.of()),
        new CompactionResult.Restoration(List.of(), List.of(), List.of(), ""), lost,
        new CompactionResult.AnsweredBy("offline", "offline", Optional.empty()),
        new CompactionResult.Sizes(0, keep, before, summaryTokens, summaryTokens + kept));
  }

  /** The summarizer with the verbatim guarantee applied to each answer; what any attempt dropped is collected. */
  private static Summarizer guard(Summarizer inner, Conversation conversation, List<String> readded,
      CompactionProgress progress) {
    return request -> {
      progress.stage(3, "summary attempt " + request.attempt());
      SummarySections parsed = SummarySections.parse(inner.summarize(request));
      return guarded(parsed, conversation, readded).render();
    };
  }

  private static SummarySections guarded(SummarySections s, Conversation c, List<String> readded) {
    VerbatimGuarantee.Result result = VerbatimGuarantee.enforce(s, c.userMessages(), c.lastRequest(), c.openTodos());
    result.readded().stream().filter(t -> !readded.contains(t)).forEach(readded::add);
    return result.sections();
  }

  private static List<CompactionResult.Section> sectionList(SummarySections sections) {
    List<CompactionResult.Section> out = new ArrayList<>();
    sections.sections().forEach((s, text) -> out.add(new CompactionResult.Section(s.number(), s.title(), text)));
    return out;
  }
}
