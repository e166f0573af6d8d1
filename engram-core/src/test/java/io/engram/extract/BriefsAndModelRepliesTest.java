package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Turns that ask for one piece of work or are not the person speaking at all: the bounds a request sets on its own
 * work, a document written for the work (a brief, a spec, a plan), and a model's answer passed on as the user's turn.
 */
class BriefsAndModelRepliesTest {

  @Test
  void aModelsPlanPassedOnAsTheUserTurnIsNotThePersonSpeaking() {
    // Aider's architect mode hands the architect model's plan to the editor model as the user turn
    assertThat(user("Looking at TODO.md, the first task marked with [ ] is:\n\n**Create Port.cs.**\n\n"
        + "This task is already done in the files you provided. Do not create the folders again.\n\n"
        + "Should I proceed with ShipStats.cs instead?")).isEmpty();
    assertThat(user("I'll help you implement the first task. Let me check TODO.md first.\n\n"
        + "- Use [SerializeField] for every field\n- Never use public fields")).isEmpty();
  }

  @Test
  void onePhraseOfAnAssistantsVoiceLeavesThePersonsTurnRead() {
    assertThat(user("Let me check the logs first. Never push to main directly.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("push to main"));
    assertThat(user("The code you provided does not compile. Never use var in this project.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("never use var"));
  }
}
