package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A prompt the person typed while the agent worked and that was still queued at the cut
 * ({@code hand-written__queued-at-the-cut.jsonl}: "and then bump the version in build.gradle", queued while the agent
 * made Uploader.java retry): the agent gets it after the compaction, so the summary quotes it as not yet delivered
 * and keeps the retry as the work in progress and the next step.
 */
class QueuedAtTheCutTest {
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;

  private static SummarySections compacted() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/claude-code/hand-written__queued-at-the-cut.jsonl"));
    CompactionResult r = new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline())
        .compact(CompactionInput.of(t.messages(), ContextWindow.forModel("", SETTINGS.context())));
    return SummarySections.parse(r.summary());
  }

  @Test
  void aPromptStillQueuedAtTheCutIsQuotedAsNotYetDelivered() throws IOException {
    assertThat(compacted().get(SummarySection.USER_MESSAGES)).hasValueSatisfying(m -> assertThat(m)
        .contains("Make Uploader.java retry a failed upload three times")
        .contains("(queued at the cut, not yet delivered to the agent) and then bump the version in build.gradle"));
  }

  @Test
  void aSummaryWrittenBeforeTheQueuedPromptArrivedIsJudgedOnTheRequestTheAgentHad() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/claude-code/hand-written__queued-at-the-cut.jsonl"));
    Continuity state = Continuity.of(Conversation.of(t.messages(), 0, SETTINGS.compaction().maxTechnicalKeywords()));
    String summary = DegradationLadderTest.summary("Uploader.java was edited.",
        "- Finish the retry of a failed upload in Uploader.java: three tries before it gives up.",
        "Uploader.upload now retries client.put three times; UploaderTest was being run to check the retry.",
        "Run UploaderTest and fix what fails in the retry loop of Uploader.java.");
    assertThat(state.score(SummarySections.parse(summary)).pending()).isEqualTo(Continuity.PENDING_POINTS);
  }

  @Test
  void aPromptStillQueuedAtTheCutIsNotTheWorkInProgress() throws IOException {
    SummarySections s = compacted();
    for (SummarySection section : new SummarySection[] {SummarySection.CURRENT_WORK, SummarySection.NEXT_STEP}) {
      assertThat(s.get(section)).as(section.title()).hasValueSatisfying(text -> assertThat(text)
          .doesNotContain("bump the version").contains("Uploader"));
    }
  }
}
