package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.rulesOnly;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How people state a standing rule in a chat or a rules file without the usual markers, and the look-alikes that stay
 * about the work at hand: a condition with an "always" or "never", what to do when the person says something, a
 * stated principle, the language of every answer, a rule to write into the agent's instructions, Chinese prohibitions
 * (不允许, 不得, 杜绝), list items under a condition or with a modal; against them, a "don't" bounded by 先 (first) and
 * 以后 after a verb ("after doing it").
 */
class StandingRulesPeopleStateTest {

  @Test
  void aConditionWithAnAlwaysOrNeverDirectsFromNowOn() {
    assertThat(rulesOnly("When you lose the VPN, always re-check the deploy state")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("re-check the deploy state"));
    assertThat(rulesOnly("Before you push never skip the changelog entry")).isNotEmpty();
    // what a program is to do under a condition of its state, what happens every time, or what was never done
    assertThat(rulesOnly("If there is an error, always exit with code 1")).isEmpty();
    assertThat(rulesOnly("When I open the page it always fails with a timeout")).isEmpty();
    assertThat(rulesOnly("Settings saved before the migration are never restored")).isEmpty();
  }

  @Test
  void whatToDoWhenThePersonSaysSomethingHoldsFromNowOn() {
    assertThat(rulesOnly("When I say ship it, tag the release and push the tag.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("tag the release"));
    assertThat(rulesOnly("如果我说部署，就先跑完整的测试。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("完整的测试"));
    // what the person types into the program is a bug report
    assertThat(rulesOnly("The search is broken. When I type a city it jumps to another country.")).isEmpty();
  }

  @Test
  void aStatedPrincipleOrConventionIsARule() {
    assertThat(rulesOnly("我们约定接口返回统一的错误码结构。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("统一的错误码"));
    assertThat(rulesOnly("我的原则是能用配置解决的就不写死在代码里")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("不写死在代码里"));
    assertThat(rulesOnly("Our convention is one migration file per table change.")).isNotEmpty();
  }

  @Test
  void theLanguageOfEveryAnswerIsAPreferenceThoughItHasNoVerb() {
    assertThat(rulesOnly("中文回答")).singleElement().satisfies(m -> assertThat(all(m)).contains("中文回答"));
    assertThat(rulesOnly("用中文交流，代码注释保留英文")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("中文交流"));
    assertThat(rulesOnly("Always answer in English, even when I write in German.")).isNotEmpty();
    // one document in a language, or a question that opens with the preference, is not one
    assertThat(rulesOnly("这份周报用中文写")).isEmpty();
    assertThat(rulesOnly("中文回答，这个接口为什么超时了？")).isEmpty();
    // what a program tells its own model about its users' questions is the program's prompt
    assertThat(rulesOnly("请用中文回答用户的提问")).isEmpty();
  }

  @Test
  void aRuleToWriteIntoTheAgentsInstructionsIsKeptThoughAskedAsAQuestion() {
    assertThat(rulesOnly("Update the skill to run the linter before every commit")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("run the linter before every commit"));
    assertThat(rulesOnly("can you add to AGENTS.md that we never vendor dependencies?")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("never vendor dependencies"));
    assertThat(rulesOnly("把提交前跑格式化写进claude.md")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("提交前跑格式化"));
    // what it points back to is elsewhere, a question about the file asks, and bringing the file up to date is a task
    assertThat(rulesOnly("把这一条加到CLAUDE.md")).isEmpty();
    assertThat(rulesOnly("can you update CLAUDE.md to reflect the renamed storage branch?")).isEmpty();
    assertThat(rulesOnly("can you check what CLAUDE.md says about tests?")).isEmpty();
  }

  @Test
  void chineseProhibitionsBeyondBuYaoAreCorrections() {
    assertThat(rulesOnly("不允许在组件里直接请求接口，统一走 service 层")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("直接请求接口"));
    assertThat(rulesOnly("杜绝在循环里逐条查询数据库")).isNotEmpty();
    assertThat(rulesOnly("配置里不得出现明文密码")).isNotEmpty();
    // 可不可以 asks, and 不可 before a verb of being done says what cannot be done
    assertThat(rulesOnly("这些旧表可不可以全部删掉")).isEmpty();
    assertThat(rulesOnly("上传的头像不可做裁剪")).isEmpty();
  }

  @Test
  void aDontBoundedByFirstIsAboutTheWorkAtHand() {
    assertThat(rulesOnly("先想清楚迁移方案，不要改代码")).isEmpty();
    assertThat(rulesOnly("先给我一个计划，别动数据库")).isEmpty();
    // 首先 (above all) bounds nothing
    assertThat(rulesOnly("首先要保证接口兼容，不要随意改字段名")).isNotEmpty();
  }

  @Test
  void yiHouAfterAVerbIsAfterDoingItNotFromNowOn() {
    assertThat(rulesOnly("升级了以后页面就打不开了")).isEmpty();
    assertThat(rulesOnly("以后提交信息用英文写")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("提交信息用英文"));
  }

  @Test
  void aListItemUnderAConditionOrWithAModalIsARule() {
    assertThat(rulesOnly("- When touching the schema, regenerate the typed client")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("regenerate the typed client"));
    assertThat(rulesOnly("- Release notes must mention every breaking flag")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("breaking flag"));
    assertThat(rulesOnly("- Be brief in commit subjects")).isNotEmpty();
    // a condition over the thing at hand is not a rule
    assertThat(rulesOnly("- When this page loads, show the banner")).isEmpty();
  }
}
