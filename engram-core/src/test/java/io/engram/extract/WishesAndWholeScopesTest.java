package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What a person says they want or do not want, for the project rather than for the thing in front of them, is a
 * rule: not wanting a kind of thing or a way of doing, the tool they would like to build with, a request that recurs
 * with the work, a choice made for the whole code, a way of working that excludes the others. Not wanting to change,
 * wait for or do the thing at hand is none.
 */
class WishesAndWholeScopesTest {

  @Test
  void notWantingAKindOfThingOrAWayOfDoingIsAPreference() {
    assertThat(user("please write it down that i don't want analytics dashboards in the roadmap"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("analytics dashboards"));
    assertThat(user("Let's start the invoicing phase. I don't want the dark mode toggle"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("dark mode toggle"));
    // what is wanted instead, said in the next sentence, stays with it
    assertThat(user("actually I dont want to send the reports as attachments. I want to send them as links using "
        + "the share API")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("as attachments", "share api"));
  }

  @Test
  void notWantingToChangeWaitForOrDoTheThingAtHandIsNoRule() {
    assertThat(user("I dont want to modify any tables, just run a query on the orders table")).isEmpty();
    assertThat(user("I don't want to change any database structure")).isEmpty();
    assertThat(user("i don't want to turn this into three new projects")).isEmpty();
    assertThat(user("I don't want to commit yet")).isEmpty();
    assertThat(user("I don't like the bold")).isEmpty();
  }

  @Test
  void theToolAPersonWouldLikeToBuildWithIsTheirChoice() {
    assertThat(user("I read the plan - I would like to use Temporal to orchestrate the jobs."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("temporal"));
    assertThat(user("I want to use Svelte with TypeScript for the client.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("svelte"));
    assertThat(user("I want to use this one")).isEmpty();
    assertThat(user("I'd like to use the same green as the header")).isEmpty();
    assertThat(user("I want to use the Q key and not the default W key, can you change that")).isEmpty();
  }

  @Test
  void aRequestThatRecursWithTheWorkHoldsFromNowOn() {
    assertThat(user("I think we should regenerate the API client each time we change the schema")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("each time we change the schema"));
    assertThat(user("so whenever you're touching the payment code, you should run the contract tests first."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("contract tests"));
    assertThat(user("it breaks every time the page loads")).isEmpty();
  }

  @Test
  void aChoiceMadeForTheWholeCodeHoldsOn() {
    assertThat(user("Swap every moment call for date-fns throughout the codebase.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("date-fns", "moment"));
    assertThat(user("change the prefix app_ to acme_app_ in all code")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("acme_app_"));
    assertThat(user("refactor - use constructor injection all places")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("constructor injection"));
    // an edit of one thing is no rule, and nor is a statement about where a thing appears
    assertThat(user("Replace the logo with the new one.")).isEmpty();
    assertThat(user("This banner appears everywhere.")).isEmpty();
  }

  @Test
  void aWayOfWorkingThatExcludesTheOthersIsARule() {
    assertThat(user("pls stop the containers and run everything via compose only")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("via compose only"));
    assertThat(user("answer in this chat only")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("in this chat only"));
    assertThat(user("only the header is broken")).isEmpty();
  }
}
