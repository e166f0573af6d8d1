package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The prompts an orchestrator fills from one template ask what their own lines say. */
class PromptTemplateTest {
  private static final String RULES = """
      # Global Agent Instructions

      You are an autonomous coding agent running in a headless orchestration session.
      There is no human in the loop, so do not ask questions or wait for input.
      Read and follow the project's conventions before you write any code.
      Only stop early for a true blocker, and post it as a comment on the issue.
      """ + "Spend extra effort on planning and on the verification of your work.\n".repeat(12);

  private static String stage(String own) {
    return RULES + "\n" + own + "\n\n## Lifecycle Context\n- **Issue:** CHA-19 Web UI CRM tab\n";
  }

  private static final String REVIEW = stage("""
      ## Skill Invocation
      You MUST run the `/plan-ceo-review` skill to complete this task.""");
  private static final String IMPLEMENT = stage("""
      # Implementation Stage
      Implement the solution, create a PR, and ensure it passes all quality checks.
      Create a feature branch from `main` and push it when the tests pass.""");

  @Test
  void aPromptThatFillsTheTemplateOfAnotherIsReadByItsOwnLines() {
    PromptTemplate template = PromptTemplate.of(List.of(REVIEW, IMPLEMENT));

    assertThat(template.fills(IMPLEMENT)).isTrue();
    assertThat(template.own(IMPLEMENT)).startsWith("# Implementation Stage").doesNotContain("Global Agent",
        "headless", "Lifecycle", "CHA-19");
    assertThat(template.opening(IMPLEMENT)).contains("# Implementation Stage");
    assertThat(template.opening(REVIEW)).contains("## Skill Invocation");
  }

  @Test
  void aLongMessageAloneOrShortMessagesSaidAgainFillNoTemplate() {
    assertThat(PromptTemplate.of(List.of(IMPLEMENT)).fills(IMPLEMENT)).isFalse();
    PromptTemplate retries = PromptTemplate.of(List.of("try again", "try again", "commit and push"));
    assertThat(retries.own("try again")).isEqualTo("try again");
    assertThat(retries.opening("try again")).isEmpty();
  }

  @Test
  void aLogPastedTwiceSharesOutputLinesAndNoInstructions() {
    String log = "PASS [   0.008s] core tests::parses_config\n".repeat(30);
    String first = "cargo test output:\n" + log + "FAIL [   0.010s] core tests::loads_profile\n";
    String second = "still failing after the fix:\n" + log + "FAIL [   0.011s] core tests::saves_profile\n";

    PromptTemplate template = PromptTemplate.of(List.of(first, second));

    assertThat(template.fills(first)).isFalse();
    assertThat(template.own(first)).isEqualTo(first);
  }

  @Test
  void aSummaryThatRetellsEachStagePromptByWhatItAsksKeepsIt() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, REVIEW));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Running the CEO review of CHA-19."));
    ms.add(TranscriptMessage.text(Role.USER, IMPLEMENT));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Creating the feature branch for the CRM tab."));
    KeyInformation key = Conversation.of(ms, 0, 25).key();
    CompactionScorer scorer = new CompactionScorer(io.engram.config.CompactionSettings.DEFAULTS, key, 10_000,
        text -> text.length() / 4);

    String retold = DegradationLadderTest.summary("None.", "- Implement the CRM tab and open a PR.",
        "Starting the implementation stage.", "Create the feature branch.").replace("- use records",
        "- Invocation of the `/plan-ceo-review` skill for CHA-19\n- Implementation stage prompt: implement, open a PR");
    String otherWork = DegradationLadderTest.summary("None.", "- Fix the login page.", "Editing login.tsx.",
        "Run the login tests.").replace("- use records",
        "- Asked to fix the login page\n- Asked to rename the settings module");

    assertThat(key.openings()).hasSize(2);
    assertThat(scorer.score(retold).evidence().preservation()).containsEntry(KeyKind.USER_INSTRUCTIONS, 100.0);
    assertThat(scorer.score(otherWork).evidence().preservation()).containsEntry(KeyKind.USER_INSTRUCTIONS, 0.0);
    // Retold, the prompts are kept; quoted, none is: the section of user messages still lacks one.
    assertThat(scorer.score(retold).evidence().missingSections()).contains(SummarySection.USER_MESSAGES);
  }

  @Test
  void continuityReadsTheLastPromptByItsOwnLinesNotTheTemplatesWords() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, REVIEW));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Running the CEO review of CHA-19."));
    ms.add(TranscriptMessage.text(Role.USER, IMPLEMENT));
    Conversation c = Conversation.of(ms, 0, 25);
    Map<String, Double> request = LastStretch.of(c.messages()).request(c.state().live());

    assertThat(request).containsKeys("implementation", "feature", "branch").doesNotContainKeys("headless",
        "orchestration", "autonomou");
  }
}
