package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the continuity score reads as the last stretch of a session: the agent's last words and the request's. */
class LastStretchTest {

  private static Map<String, Double> live(List<TranscriptMessage> ms) {
    Conversation c = Conversation.of(ms, 0, 25);
    return LastStretch.of(c.messages()).live(c.state().live(), c.files());
  }

  private static Map<String, Double> request(List<TranscriptMessage> ms) {
    Conversation c = Conversation.of(ms, 0, 25);
    return LastStretch.of(c.messages()).request(c.state().live());
  }

  // An agent that reported its whole plan done in one long answer, then fixed what a review found, message by message.
  private static List<TranscriptMessage> reviewedAfterALongReport() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Execute the spec for managing books."));
    StringBuilder report = new StringBuilder("All 11 tasks completed. The SourceRepository gained getAll, getById "
        + "and getLastUsed. Here's the summary:\n");
    for (int i = 0; i < 120; i++) {
      report.append("- Phase ").append(i).append(": done and checked.\n");
    }
    ms.add(TranscriptMessage.text(Role.ASSISTANT, report.toString()));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "The review found 1 critical issue. Fix 1: serialize the delete "
        + "cascade in handleDeleteBook."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Fix 2: drive rowHeight from onLayout in SwipeableBookRow."));
    return ms;
  }

  @Test
  void theAgentsLastWordsAreWhereItsWordsEndNotTheOpeningOfAnEarlierLongAnswer() {
    Map<String, Double> live = live(reviewedAfterALongReport());

    assertThat(live).containsKeys("handledeletebook", "rowheight", "swipeablebookrow");
    assertThat(live).doesNotContainKey("getlastused");
  }

  @Test
  void excerptsLastKeepsTheEndOfATextAtAWordBoundary() {
    String text = "first words of a long answer " + "filler ".repeat(400) + "and the very last words said";

    String last = Excerpts.last(text, 100);

    assertThat(last).startsWith("... ").endsWith("and the very last words said").doesNotContain("first");
    assertThat(last.length()).isLessThanOrEqualTo(104);
    assertThat(Excerpts.last("short text", 100)).isEqualTo("short text");
  }

  @Test
  void excerptsLastRedactsASecretAcrossItsCutWhole() {
    String key = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n".repeat(40)
        + "-----END OPENSSH PRIVATE KEY-----";

    String last = Excerpts.last("the agent pasted " + key + "\nand said it was done", 100);

    assertThat(last).endsWith("[REDACTED:private-key]\nand said it was done").doesNotContain("bm9uZQ");
  }

  // A plan accepted in plan mode arrives as the person's message: its background is said once and never again.
  private static List<TranscriptMessage> planHandedOver() {
    String plan = "Implement the following plan:\n\n# Plan: Competitor Comparison Pages\n\n## Context\n\n"
        + "Pages serve a dual purpose: rank for alternative queries and show conversion advantages over "
        + "unencrypted rivals. " + "The landing page links every comparison page. ".repeat(20)
        + "\n\n## Phase 1\nCollect competitor data into competitors.json.\n";
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, plan));
    for (int i = 0; i < 6; i++) {
      ms.add(TranscriptMessage.text(Role.ASSISTANT, "Writing comparison page " + i + " from competitors.json."));
    }
    return ms;
  }

  @Test
  void aRequestHandedOverCountsInTheStretchOnlyByTheWordsTheAgentSaidAgain() {
    assertThat(live(planHandedOver())).containsKeys("comparison", "competitors.json")
        .doesNotContainKeys("dual", "purpose", "unencrypted");
  }

  @Test
  void pendingTasksStillReadTheWholeOpeningOfARequestHandedOver() {
    assertThat(request(planHandedOver())).containsKeys("dual", "purpose", "comparison");
  }

  @Test
  void aPersonsOwnAskCountsWholeThoughTheAgentNeverRepeatsItsWords() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "When you're finished, write a Codex prompt to review the entire code "
        + "base in an extensive way."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Building the glossary page first."));

    assertThat(live(ms)).containsKeys("codex", "extensive");
  }
}
