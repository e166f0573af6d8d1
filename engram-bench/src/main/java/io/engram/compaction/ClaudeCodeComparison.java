package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.transcript.FileActivity;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.UserRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Engram's compaction beside Claude Code's on a real compaction: the transcript as Claude Code had it when it
 * compacted is compacted by Engram (offline), and both summaries are held to the same yardsticks in the same run:
 * their size; the files the agent touched afterwards that the summary kept; whether sections 7 to 9 name the
 * person's last request; whether the next step names what the agent did next ({@link NextStepMatch}); the errors
 * kept; the score. Summaries made to game the score (a keyword dump, the user messages alone, another session's
 * summary) are scored on the same span.
 */
public final class ClaudeCodeComparison {
  // The bench's yardstick (bench compaction), not the product's: half of the request's first content words named.
  private static final double TASK_WORDS_SHARE = 0.5;
  // The bench's too: the first 20 content words of a request, where its ask is.
  private static final int REQUEST_WORDS = 20;

  private final EngramSettings settings;
  private final Path home;

  /**
   * @param settings the settings to compact and score with
   * @param home the Engram home the compaction may read (no session notes are reused)
   */
  public ClaudeCodeComparison(EngramSettings settings, Path home) {
    this.settings = settings;
    this.home = home;
  }

  /**
   * One compaction's figures.
   *
   * @param messages the messages of the compacted segment
   * @param engram Engram's summary, measured
   * @param claude Claude Code's, measured the same way
   * @param baselines the scores of the summaries made to game the score
   * @param engramSummary Engram's summary text, to read
   */
  public record Figures(int messages, Measures engram, Measures claude, Baselines baselines, String engramSummary) {}

  /**
   * One summary, measured.
   *
   * @param chars its size in characters
   * @param filesAfter how many files the agent touched after the compaction that it had touched before
   * @param filesKept how many of them the summary names
   * @param taskNamed whether sections 7 to 9 name the person's last request; empty when there was none
   * @param nextStep whether the next step names what the agent did next; empty when the person spoke first
   * @param nextStepText its next step (section 9)
 * @param nextStepWhy what of the agent's next calls it names
   * @param errorsKept the share of the transcript's errors the summary keeps (0-100)
   * @param score the summary's score total
 * @param parts its parts: SC, KP, CC and CR
   * @param ladder how Engram's compaction went (its ladder steps' actions); empty for Claude Code's
   */
  public record Measures(int chars, int filesAfter, int filesKept, Optional<Boolean> taskNamed,
      Optional<Boolean> nextStep, String nextStepText, List<String> nextStepWhy, double errorsKept, double score,
      List<Double> parts, List<String> ladder) {}

  /**
   * Scores of summaries made to game the score, on the same span.
   *
   * @param keywordDump every heading over the span's keywords and file names
   * @param userMessagesAlone the user's messages and nothing else
   * @param otherSession another compaction's real summary, when one was given
   */
  public record Baselines(double keywordDump, double userMessagesAlone, Optional<Double> otherSession) {}

  /**
   * Why {@code claude}, what Claude Code handed on as the summary of a compaction, holds no summary to compare: the
   * harness's words in its place ("You've hit your limit · resets 2am"), or "" for its framing alone; empty when it
   * holds a summary. Such a compaction leaves the data the bench scores, counted apart.
   */
  public static Optional<String> noSummary(String claude) {
    return ClaudeCodeFraming.noSummary(claude);
  }

  /**
   * Compares on the transcript {@code before} Claude Code compacted it into {@code claude}, given what the agent
   * did {@code after}; {@code instructions} are the person's {@code /compact} instructions ("" when automatic).
   *
   * @throws IOException when the compaction cannot read what it needs
   */
  public Figures compare(Transcript before, String claude, String instructions, AfterCompaction after,
      Optional<String> otherSummary) throws IOException {
    SessionCompaction compaction =
        new SessionCompaction(settings, ModelRouter.offline(), home, LoadedInstructions::empty);
    CompactionResult result = compaction.compact(before,
        SessionCompaction.Request.userRequested(instructions).withNotes(SessionCompaction.Notes.NONE));
    List<TranscriptMessage> segment = before.segments().get(before.segments().size() - 1).messages();
    Set<String> filesAfter = filesAfter(segment, after);
    Optional<String> lastRequest = UserRequest.of(segment).stream().reduce((a, b) -> b).map(UserRequest::stated);
    List<String> ladder = result.scoring().steps().stream().map(s -> s.action().name()).toList();
    Measures engram = measure(compaction, before, result.summary(), filesAfter, lastRequest, after, ladder);
    Measures cc = measure(compaction, before, claude, filesAfter, lastRequest, after, List.of());
    CompactionSettings c = settings.compaction();
    Baselines baselines = new Baselines(compaction.score(before, AdversarialSummaries.keywordDump(before, c)).total(),
        compaction.score(before, AdversarialSummaries.userMessagesAlone(before, c)).total(),
        otherSummary.map(o -> compaction.score(before, o).total()));
    return new Figures(segment.size(), engram, cc, baselines, result.summary());
  }

  private static Measures measure(SessionCompaction compaction, Transcript before, String summary,
      Set<String> filesAfter, Optional<String> lastRequest, AfterCompaction after, List<String> ladder) {
    SummarySections s = SummarySections.parse(summary);
    int kept = (int) filesAfter.stream().filter(f -> names(summary, f)).count();
    String continuation = String.join("\n", s.get(SummarySection.PENDING_TASKS).orElse(""),
        s.get(SummarySection.CURRENT_WORK).orElse(""), s.get(SummarySection.NEXT_STEP).orElse(""));
    Optional<Boolean> task = lastRequest.map(r -> namesRequest(continuation, r));
    String next = s.get(SummarySection.NEXT_STEP).orElse("");
    boolean acted = !after.firstWork(NextStepMatch.FIRST_CALLS).isEmpty();
    List<String> why = NextStepMatch.why(next, after);
    CompactionScore score = compaction.score(before, summary);
    return new Measures(summary.length(), filesAfter.size(), kept, task,
        acted ? Optional.of(!why.isEmpty()) : Optional.empty(), next.strip(), why,
        score.evidence().preservation().getOrDefault(KeyKind.ERROR_MESSAGES, 100.0), score.total(),
        List.of(score.sections(), score.keyInformation(), score.continuity(), score.compression()), ladder);
  }

  // The file names the agent touched after the compaction that the compacted segment had touched already.
  private static Set<String> filesAfter(List<TranscriptMessage> segment, AfterCompaction after) {
    Set<String> before = new LinkedHashSet<>();
    FileActivity.of(segment).forEach(f -> before.add(FileTypes.baseName(f.path())));
    segment.stream().filter(TranscriptMessage::isCompactSummary)
        .forEach(m -> KeyInformation.fileNamesIn(m.text()).forEach(f -> before.add(FileTypes.baseName(f))));
    Set<String> out = new LinkedHashSet<>();
    for (String f : after.filesTouched()) {
      String name = FileTypes.baseName(f);
      if (before.contains(name)) {
        out.add(name);
      }
    }
    return out;
  }

  private static boolean names(String text, String fileName) {
    return Pattern.compile("(?<![\\w.-])" + Pattern.quote(fileName) + "(?![\\w-])").matcher(text).find();
  }

  // The ask is at the start of a request: half of its first content words (at least two) named.
  private static boolean namesRequest(String text, String request) {
    List<String> words = new ArrayList<>(new LinkedHashSet<>(KeyMatcher.contentWords(request)));
    words = words.subList(0, Math.min(words.size(), REQUEST_WORDS));
    if (words.isEmpty()) {
      return true;
    }
    Set<String> in = new java.util.HashSet<>(KeyMatcher.contentWords(text));
    long named = words.stream().filter(in::contains).count();
    return named >= Math.min(words.size(), Math.max(2, Math.ceil(TASK_WORDS_SHARE * words.size())));
  }
}
