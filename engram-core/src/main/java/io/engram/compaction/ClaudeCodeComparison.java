package io.engram.compaction;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The offline compactor beside Claude Code on a session Claude Code compacted: the part before its first
 * compaction is compacted offline, and both summaries are measured the same way (size, the files Claude Code
 * named that Engram kept, scores), with the summaries made to game the score scored on the same span. The
 * three sections a fresh agent continues from are returned as text for a person to judge.
 */
public final class ClaudeCodeComparison {
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
   * What a session's comparison found.
   *
   * @param session the session id
   * @param messages the messages before Claude Code's compaction
   * @param engramChars the offline summary's characters
   * @param claudeChars Claude Code's summary's characters
   * @param claudeFiles the files Claude Code's summary names
   * @param filesKept how many of them the offline summary names too (by file name)
   * @param scores the scores of the same span's summaries
   * @param engram the offline summary's Pending Tasks, Current Work and next step
   * @param claude Claude Code's
   */
  public record Figures(String session, int messages, int engramChars, int claudeChars, int claudeFiles,
      int filesKept, Scores scores, Continuation engram, Continuation claude) {
    /** The offline summary's size over Claude Code's. */
    public double sizeRatio() {
      return claudeChars == 0 ? 0 : (double) engramChars / claudeChars;
    }

    /** The share of the files Claude Code named that the offline summary names too (1 when it named none). */
    public double filesKeptShare() {
      return claudeFiles == 0 ? 1 : (double) filesKept / claudeFiles;
    }
  }

  /**
   * Totals of the same span's summaries.
   *
   * @param engram the offline summary's
   * @param claude Claude Code's
   * @param keywordDump the keyword dump's ({@link AdversarialSummaries#keywordDump})
   * @param userMessagesAlone the user messages alone ({@link AdversarialSummaries#userMessagesAlone})
   * @param otherSession another session's real summary, when one was given
   */
  public record Scores(double engram, double claude, double keywordDump, double userMessagesAlone,
      Optional<Double> otherSession) {}

  /**
   * The sections a fresh agent continues from, as the summary wrote them ("" when absent).
   *
   * @param pendingTasks section 7
   * @param currentWork section 8
   * @param nextStep section 9
   */
  public record Continuation(String pendingTasks, String currentWork, String nextStep) {
    static Continuation of(String summary) {
      SummarySections s = SummarySections.parse(summary);
      return new Continuation(s.get(SummarySection.PENDING_TASKS).orElse("").strip(),
          s.get(SummarySection.CURRENT_WORK).orElse("").strip(), s.get(SummarySection.NEXT_STEP).orElse("").strip());
    }
  }

  /**
   * Compares on {@code session}, scoring {@code otherSummary} (another session's real summary) as a summary of
   * it when given.
   *
   * @throws IllegalArgumentException when the session never compacted
   */
  public Figures compare(Transcript session, Optional<String> otherSummary) throws IOException {
    String claude = CompactionEvaluation.claudeCodeSummary(session).orElseThrow(() -> new IllegalArgumentException(
        "session " + session.sessionId() + " holds no compaction by Claude Code to compare with"));
    Transcript cut = Transcript.ofMessages(session.sessionId(), session.segments().get(0).messages());
    SessionCompaction compaction = new SessionCompaction(settings, ModelRouter.offline(), home, LoadedInstructions::empty);
    String ours = compaction.compact(cut, SessionCompaction.Request.userRequested("")
        .withNotes(SessionCompaction.Notes.NONE)).summary();
    List<String> claudeFiles = KeyInformation.fileNamesIn(claude);
    int kept = (int) claudeFiles.stream().filter(f -> ours.contains(FileTypes.baseName(f))).count();
    EngramSettings.Compaction c = settings.compaction();
    Scores scores = new Scores(compaction.score(cut, ours).total(), compaction.score(cut, claude).total(),
        compaction.score(cut, AdversarialSummaries.keywordDump(cut, c)).total(),
        compaction.score(cut, AdversarialSummaries.userMessagesAlone(cut, c)).total(),
        otherSummary.map(o -> compaction.score(cut, o).total()));
    return new Figures(session.sessionId(), cut.messages().size(), ours.length(), claude.length(), claudeFiles.size(),
        kept, scores, Continuation.of(ours), Continuation.of(claude));
  }
}
