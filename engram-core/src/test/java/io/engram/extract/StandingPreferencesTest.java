package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.rulesOnly;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A standing preference is kept though it says no "don't": a bare "No X.", a name set against the one it replaces,
 * a dislike of a thing named, an "always" under a modal, a rule the user asks to add; and the
 * sentences that say what "it" is or what to do instead stay with it. A report, a verdict on the thing at hand and a
 * change to make are none.
 */
class StandingPreferencesTest {

  @Test
  void aBareNoBeforeANounPhraseForbidsIt() {
    assertThat(user("No trailing summaries in commit messages.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("trailing summaries"));
    assertThat(user("No tests were found for the module.")).isEmpty();
    // the "no" is the rule's, not an answer before it
    assertThat(user("No SQL queries only AL code!")).singleElement()
        .satisfies(m -> assertThat(m.body()).startsWith("No SQL queries"));
    assertThat(user("No worries.")).isEmpty();
    // a subject or an article after the "no" answers what was just said
    assertThat(user("no the werkzeug")).isEmpty();
    assertThat(user("No I mean confirm with the MCP")).isEmpty();
    assertThat(user("=== Step 3: Attribution ===\nNo initial_attribution in metadata")).isEmpty();
  }

  @Test
  void aNameSetAgainstTheOneItReplacesIsKeptWithBoth() {
    assertThat(user("The command is now called sync, not pull anymore.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("sync", "pull"));
    assertThat(user("print the banner only on success and not on early exits")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("only on success", "early exits"));
    assertThat(user("请始终直接运行这些脚本，而不仅仅是贴出命令。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("直接运行", "贴出命令"));
  }

  @Test
  void aDislikeOfANamedThingIsAPreferenceAndOfTheThingAtHandIsNot() {
    assertThat(user("fewer words + i dont like semicolons at line ends")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("semicolons"));
    assertThat(user("i don't like this, try again")).isEmpty();
    assertThat(user("I don't want to commit yet")).isEmpty();
  }

  @Test
  void nextTimeAndForFutureReferenceHoldFromNowOnAsXiaCiDoes() {
    assertThat(rulesOnly("Next time you change the code, let me commit.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("let me commit"));
    assertThat(rulesOnly("For future reference, the dev server starts with pnpm --filter web dev.")).isNotEmpty();
    assertThat(rulesOnly("下次改完代码，让我来提交。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("让我来提交"));
  }

  @Test
  void inTheFutureHoldsOnWhenItIsSaidToTheAgentNotWhenItTellsWhatTheProgramMayBecome() {
    assertThat(rulesOnly("In the future, run the migrations before the tests.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("run the migrations"));
    assertThat(rulesOnly("It should be able to take more types in the future when we add more APIs.")).isEmpty();
    assertThat(rulesOnly("In the future, we could add more toggle options.")).isEmpty();
    assertThat(rulesOnly("Increase text size in future days by 50%.")).isEmpty();
  }

  @Test
  void aModalAlwaysHoldsFromNowOn() {
    assertThat(user("The reload button should always fetch from the remote first")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("always fetch from the remote"));
    // how a thing is to be, without "always", reads as often as a request for the change at hand: no rule of the
    // rules' own (the learnt correction model, measured on labelled real turns, may still keep such a turn whole)
    assertThat(rulesOnly("Generated clients should live in the gen folder")).isEmpty();
    assertThat(rulesOnly("The changelog should be updated with this and committed.")).isEmpty();
    assertThat(rulesOnly("i think there should be a spot where all the cars park")).isEmpty();
  }

  @Test
  void aRuleTheUserAsksToAddIsKept() {
    assertThat(user("加入规则：每次提交前先运行格式化。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("每次提交前先运行格式化"));
    assertThat(user("Add a rule: tag releases from the release branch.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("tag releases from the release branch"));
  }

  @Test
  void theSentenceThatNamesWhatItIsAndTheNextThatSaysWhatToDoJoin() {
    assertThat(user("旧的 DbHelper 只是转发到连接池。新代码请直接注入 DataSource，不要再用它。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("dbhelper", "datasource"));
    assertThat(user("Don't stub the clock in these tests. Drive the clock from a fixed seed.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("stub the clock", "fixed seed"));
    assertThat(user("I'd also like to drop every contains-check in the parser tests.\n\nInstead, compare each result with "
        + "one literal string.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("contains-check", "one literal string"));
  }

  @Test
  void aRuleAskedIntoTheAgentsRulesIsTheRuleThatFollowsWhereverItGoes() {
    assertThat(user("please add a rule to this file that informs me of the tokens used at the end of each response"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("tokens used at the end of each response"));
    assertThat(user("please create a rule in my .cursor/rules folder that has agent create a summary of detailed"
        + " responses")).singleElement().satisfies(m -> assertThat(all(m)).contains("summary of detailed responses"));
    assertThat(user("update the @changelog.mdc rule to specify that every entry links its conversation")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("every entry links its conversation"));
    assertThat(user("make a rule to record that we run bun, never node, in this repo")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("never node"));
    // what points back to a rule said before, or updates a plain document, holds no rule
    assertThat(user("go ahead and modify the rule accordingly")).isEmpty();
    assertThat(user("update the docs to specify the new flag")).isEmpty();
  }
}
