package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What holds after the request and what is only about the work in front of the person: an edit asked for or reported,
 * a "don't" with nothing named to avoid, the speaker's own negation, text someone else wrote; and the markers that
 * make a request hold from now on.
 */
class StandingOrAtHandTest {

  @Test
  void anEditOfTheWorkAtHandIsNoRuleThoughItSaysInstead() {
    assertThat(user("Put the warning under the chart instead of moving the chart.")).isEmpty();
    assertThat(user("ok great, now find a shorter title for the report instead of \"Summary\"")).isEmpty();
    assertThat(user("lets extract the path lookup into one function instead of copying it")).isEmpty();
    assertThat(user("I changed the extension to .ts instead of .js, no need to do anything.")).isEmpty();
    assertThat(user("Replace the bad query with a safe auth check: await supabase.auth.getSession()")).isEmpty();
    assertThat(user("In S12, replace the pdf().toBuffer() wording with the official Node API.")).isEmpty();
    assertThat(user("帮我把按钮改成竖向排列，不要横着放")).isEmpty();
    assertThat(user("page.tsx 里有一个设置组件帮我做成可折叠的，不要添加其他文字")).isEmpty();
    assertThat(user("基本可以了，但是要把复选框放在下拉列表里，不要每个分类一张卡片")).isEmpty();
    // a standing marker or a choice of tool still makes it a rule
    assertThat(user("Always put the warning under the chart instead of over it.")).hasSize(1);
    assertThat(user("Use pnpm instead of npm.")).hasSize(1);
  }

  @Test
  void aDontWithNothingNamedToAvoidIsAboutTheRequest() {
    assertThat(user("don't make any changes, just commit and push what is there")).isEmpty();
    assertThat(user("Do not take any actions beyond reading the code and reporting back.")).isEmpty();
    assertThat(user("this is only an FYI, you don't need to do anything about it")).isEmpty();
  }

  @Test
  void theSpeakersOwnNegationReportsAndDirectsNobody() {
    assertThat(user("I don't follow.")).isEmpty();
    assertThat(user("can you check the schema again so I don't waste my time")).isEmpty();
    assertThat(user("I don't like the bold")).isEmpty();
    // a dislike of a kind of thing is a preference
    assertThat(user("i dont like emdashes")).hasSize(1);
  }

  @Test
  void whatTheAgentNeedNotDoIsACorrection() {
    assertThat(user("You do not need the MCP server to read local files.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("mcp server"));
    assertThat(user("this works. we don't need the preview mode anymore. We should just always open in edit mode."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("preview mode", "always open in edit mode"));
  }

  @Test
  void aPromptForAModelOrAReviewersCommentIsNotThePersonSpeaking() {
    assertThat(user("You are a read-only reviewer. Do not write files, do not commit. Return JSON only.")).isEmpty();
    assertThat(user("你是一个代码审查助手。不要修改任何文件。")).isEmpty();
    assertThat(user("CodeRabbit: Don't use string concatenation in SQL queries.\n\nthoughts?")).isEmpty();
    assertThat(user("审查意见：不要在循环里查询数据库。（来自 CodeRabbit）")).isEmpty();
    // what the person says after the pasted comment is theirs
    assertThat(user("Review comment: consider caching this.\n\nNever use string concatenation in SQL queries."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("string concatenation"));
  }

  @Test
  void aRequestThatRecursOrClosesWithAlwaysHoldsFromNowOn() {
    assertThat(user("Please run the linter after each change you make.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("linter after each change"));
    assertThat(user("and yes, update the changelog yourself, always")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("update the changelog yourself"));
  }

  @Test
  void everAfterADontAndADutyKeptUpWithTheWorkHoldFromNowOn() {
    assertThat(user("we dont want to use that directory format ever, use the format the other tasks use"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("directory format ever"));
    assertThat(Fixtures.rulesOnly("I will test it. Meanwhile keep the specification.md updated.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("specification.md updated"));
    assertThat(Fixtures.rulesOnly("Update the readme and keep it up to date as we go.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("as we go"));
  }

  @Test
  void doItOpensARequestNotAQuestion() {
    assertThat(user("do it, dont just tell me what to do.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("dont just tell me what to do"));
    assertThat(user("Do we need a migration for this")).isEmpty();
  }

  @Test
  void theAlternativeSaidAroundADontOrAPreferenceStaysWithIt() {
    assertThat(user("please just run the migration. don't make me open the admin page.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("run the migration", "admin page"));
    assertThat(user("I don't want horizontal scrolling in the table. I prefer wrapping.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("horizontal scrolling", "wrapping"));
    assertThat(user("test the service itself, not through the HTTP layer, rather by calling it directly"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("http layer", "calling it directly"));
  }

  @Test
  void aPlainDontOfAThingTheWorkIsNotToMakeBoundsThatWork() {
    assertThat(user("Design the booking flow and explain the trade-offs.\n\nDo NOT write SQL migrations.")).isEmpty();
    assertThat(user("Update the onboarding guide.\nDo not add deployment notes.")).isEmpty();
    // a reason or a boundary that outlasts the work keeps it a rule
    assertThat(user("Update the onboarding guide.\nDo not add deployment notes outside docs/ops.")).isNotEmpty();
    assertThat(user("Never add deployment notes to the onboarding guide.")).isNotEmpty();
  }
}
