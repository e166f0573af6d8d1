package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The score against summaries made to game it, on the two long sessions cut where Claude Code compacted:
 * a keyword dump, the other session's real summary and the user messages alone stay below the retry band
 * (70), while Claude Code's own summary of the same span, and the offline engine's, pass (80).
 */
class ScoreTracksQualityTest {
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;

  @TempDir Path home;

  @ParameterizedTest
  @CsvSource({
    "258c7280-ae70-4798-800f-63464d01a85d, ae4a77f8-aedd-4bc1-888f-c94edc91af04",
    "ae4a77f8-aedd-4bc1-888f-c94edc91af04, 258c7280-ae70-4798-800f-63464d01a85d"
  })
  void gamingSummariesFailAndFaithfulOnesPass(String session, String other) throws IOException {
    Transcript whole = read(session);
    Transcript cut = Transcript.ofMessages(whole.sessionId(), whole.segments().get(0).messages());
    SessionCompaction compaction =
        new SessionCompaction(SETTINGS, ModelRouter.offline(), home, LoadedInstructions::empty);
    CompactionScore claudeScore = compaction.score(cut, CompactionEvaluation.claudeCodeSummary(whole).orElseThrow());
    double claude = claudeScore.total();
    System.out.println("  Claude Code: " + line(claudeScore) + " preservation " + claudeScore.evidence().preservation()
        + " lost " + claudeScore.evidence().lost() + " missing sections " + claudeScore.evidence().missingSections() + " continuity missing "
        + claudeScore.evidence().continuityMissing());
    double ours = compaction.compact(cut, SessionCompaction.Request.userRequested("")
        .withNotes(SessionCompaction.Notes.NONE)).scoring().score().orElseThrow().total();
    CompactionScore dump = compaction.score(cut, AdversarialSummaries.keywordDump(cut, SETTINGS.compaction()));
    CompactionScore alone = compaction.score(cut, AdversarialSummaries.userMessagesAlone(cut, SETTINGS.compaction()));
    CompactionScore foreign = compaction.score(cut, CompactionEvaluation.claudeCodeSummary(read(other)).orElseThrow());
    System.out.printf(Locale.ROOT, "%s: Claude Code %.1f, Engram %.1f, keyword dump %s, user messages alone %s,"
        + " other session's summary %s%n", session, claude, ours, line(dump), line(alone), line(foreign));
    assertThat(claude).isGreaterThanOrEqualTo(80);
    assertThat(ours).isGreaterThanOrEqualTo(80);
    assertThat(dump.total()).isLessThan(70);
    assertThat(alone.total()).isLessThan(70);
    assertThat(foreign.total()).isLessThan(70);
  }

  private static String line(CompactionScore s) {
    return String.format(Locale.ROOT, "%.1f (SC %.0f KP %.0f CC %.0f CR %.0f)", s.total(), s.sections(),
        s.keyInformation(), s.continuity(), s.compression());
  }

  private static Transcript read(String session) throws IOException {
    return TranscriptReader.read(TestResources.path("transcripts/claude-code/" + session + ".jsonl"));
  }
}
