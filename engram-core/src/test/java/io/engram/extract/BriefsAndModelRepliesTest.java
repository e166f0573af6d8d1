package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.rulesOnly;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Turns that ask for one piece of work or are not the person speaking at all: the bounds a request sets on its own
 * work, a document written for the work (a brief, a spec, a plan), and a model's answer passed on as the user's turn.
 */
class BriefsAndModelRepliesTest {

  @Test
  void aDontOfChangingThingsBesideTheWorkAskedBoundsThatWork() {
    assertThat(user("In src/app/page.tsx:\n\nAdd a button to the MQTT card: \"Send Test Message\".\n\n"
        + "Do not change other parts of the page.")).isEmpty();
    assertThat(user("Update docs/TECH_SPEC.md only.\nDo not change PRD.\nDo not rewrite the document.")).isEmpty();
    assertThat(rulesOnly("Fix the Supabase connection check:\n- Use try/catch\n\nDo NOT touch the Supabase card."))
        .isEmpty();
    assertThat(user("Recreate the admin pages with placeholders.\n\nDo not touch other folders like booking.")).isEmpty();
    assertThat(user("Fix the status colour in the card.\nNo other changes — do not add imports.")).isEmpty();
    assertThat(user("Polish the buttons with shadcn.\nDo not add new features.")).isEmpty();
    // new dependencies are not what the work grows into: a rule for any work
    assertThat(user("Fix the build.\nDo not add new dependencies.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("new dependencies"));
  }

  @Test
  void aDontOfDoingTheWorkItselfInARequestForAPlanIsWhatTheRequestIsNot() {
    assertThat(user("Design the automated waitlist seat assignment.\nExplain the ordering logic.\n\nDo NOT write code."))
        .isEmpty();
    assertThat(user("Review the findings and list what is missing.\n\nDo not implement.")).isEmpty();
  }

  @Test
  void aDontThatOutlastsTheWorkIsARuleBesideAnyRequest() {
    // a boundary, a condition, a recurrence, a reason, the person's own choice
    assertThat(user("Fix these compile issues step by step.\nDo NOT create or edit files outside src/."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("outside src/"));
    assertThat(user("Fix the login page. Never modify the migrations.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("never modify the migrations"));
    assertThat(user("Refactor the parser. Don't modify the tests, since they pin the behaviour.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("modify the tests"));
    assertThat(user("Produce the architecture draft.\nDo not change my chosen approach or add new technologies."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("my chosen approach"));
    assertThat(user("Fix the header. Do not touch the config unless I ask.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("unless i ask"));
  }

  @Test
  void aDirectiveOnALineOfItsOwnAfterARequestIsReadAsARule() {
    assertThat(user("thoroughly investigate the root cause of this error:\nuse github documentation as guidance\n"
        + "do not make assumptions\nsearch for authoritative references")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("do not make assumptions"));
  }

  @Test
  void anyBeforeANounNamesWhatToAvoid() {
    assertThat(user("Explore the data module option thoroughly. Do not assume any details")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("assume any details"));
    // "any" alone is a pronoun of the thing at hand
    assertThat(user("don't change any")).isEmpty();
  }

  @Test
  void aDontOfChangingAThingWithNoWorkAskedBesideItIsARule() {
    assertThat(user("Do not change the public API of the client.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("public api"));
  }

  @Test
  void aDocumentForTheWorkGivesOnlyTheRulesThatSayTheyHoldOn() {
    String requirements = IntStream.rangeClosed(1, 30)
        .mapToObj(i -> i + ". The booking page must show seat " + i + " with its price, its class and whether it is free.")
        .collect(Collectors.joining("\n"));
    String brief = "We are building the booking flow.\n\nRequirements:\n" + requirements + "\n\n"
        + "- Use Tailwind for the radio group\n- Keep the loading state\n\nDo not add auth.\n\n"
        + "Always run the linter before you commit.";
    assertThat(brief.length()).isGreaterThan(2_000);
    assertThat(user(brief)).singleElement().satisfies(m -> assertThat(all(m)).contains("run the linter"));
    // the same rules in a short turn are read as they were
    assertThat(rulesOnly("Rules:\n- Use Tailwind for the radio group\n- Keep the loading state")).hasSize(2);
  }

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

  @Test
  void aPromptTemplateACommandExpandedIsTheToolAuthorsNotThePersons() {
    // a spec tool's command: its steps speak to the model of "the user" and quote the person's input under a heading
    String spec = "## User Input\n\n```text\nuse case 004\n```\n\nYou **MUST** consider the user input before"
        + " proceeding (if not empty).\n\n## Outline\n\n1. Run the setup script from repo root.\n"
        + "2. NEVER modify files (this is read-only analysis).\n3. Always report every finding.";
    assertThat(user(spec)).isEmpty();
    // a persona to load, in the template's own markup
    assertThat(user("You must fully embody this agent's persona. NEVER break character until given an exit command."
        + "\n\n<agent-activation CRITICAL=\"TRUE\">\n1. Always load the full agent file\n"
        + "2. Stay in character throughout the session\n</agent-activation>")).isEmpty();
    // a harness's notice of a finished task
    assertThat(user("<system_notification>\nThe task has finished. If you were already aware, ignore this notification"
        + " and do not restate prior responses.\n</system_notification>\n"
        + "<user_query>Briefly inform the user about the task result.</user_query>")).isEmpty();
  }

  @Test
  void whatATemplateQuotesAsTheUsersInputIsStillThePersonsWords() {
    String spec = "## User Input\n\n```text\nNever use floating point for money, since it rounds.\n```\n\n"
        + "You **MUST** consider the user input before proceeding (if not empty).\n\n## Outline\n\n"
        + "1. NEVER modify files (this is read-only analysis).";
    assertThat(user(spec)).singleElement().satisfies(m -> assertThat(all(m)).contains("floating point for money")
        .doesNotContain("read-only"));
  }

  @Test
  void aPersonSpeakingOfTheirProgramsUserIsStillRead() {
    // one phrase of "the user" alone is how people describe what their program does
    assertThat(user("Never show the raw stack trace, tell the user the request failed instead.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("raw stack trace"));
    assertThat(user("<my-card> is our component. Never inline its styles; the user input must stay escaped.")).isNotEmpty();
  }
}
