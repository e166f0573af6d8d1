package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.rulesOnly;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How Chinese turns of whole chats are read: an edit asked for by its opening verb, a rule that starts mid-sentence
 * after a request, a question asked without a question mark, and the learnt model's veto of a preference it finds
 * unlike any correction.
 */
class ChineseChatTurnsTest {

  @Test
  void aSentenceThatOpensWithAVerbOfRewritingIsAnEditOfTheWorkAtHand() {
    assertThat(rulesOnly("改成全部使用 webgl，现在无法显示图像")).isEmpty();
    assertThat(rulesOnly("换成 libheif-js")).isEmpty();
    assertThat(rulesOnly("这个 scroll container 换成用 @ScrollArea.tsx")).isEmpty();
    assertThat(CorrectionClauses.asksForAnEdit("好的，改成170")).isTrue();
    // a marker of from now on still makes it a rule, and so does a choice said without a verb of rewriting
    assertThat(CorrectionClauses.asksForAnEdit("改成用 pnpm，以后都用 pnpm")).isFalse();
    assertThat(rulesOnly("以后都用 pnpm")).singleElement().satisfies(m -> assertThat(all(m)).contains("pnpm"));
  }

  @Test
  void aRuleThatStartsMidSentenceAfterARequestIsRead() {
    assertThat(rulesOnly("我有一份自己的skills文件夹,希望能软链到claude下,并且以后我指定创建的skills,都放在该文件夹下"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("以后我指定创建的skills,都放在该文件夹下"));
    assertThat(rulesOnly("我希望以后所有对代码增删改的操作都必须首先生成步骤")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("首先生成步骤"));
    assertThat(CorrectionClauses.standingTail("升级了以后，页面就白屏了")).isEmpty();
    assertThat(CorrectionClauses.standingTail("以后都用 pnpm")).isEmpty(); // it opens the sentence: read as it is
    assertThat(CorrectionClauses.standingTail("先这样，今后提交前都跑一遍测试")).contains("今后提交前都跑一遍测试");
  }

  @Test
  void theFutureThatSaysAllOfItHoldsFromNowOn() {
    // 以后的 X 都 ...: "from now on every X ..."; 以后的 X alone is "the future X", which states nothing to do
    assertThat(rulesOnly("先把全局设置都设置为中文回答，以后的回答都使用中文")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("以后的回答都使用中文"));
    assertThat(Intents.holdsOn("以后的版本会支持插件")).isFalse();
    assertThat(Intents.holdsOn("以后的提交一律用英文写说明")).isTrue();
  }

  @Test
  void aChineseQuestionWithoutAQuestionMarkAsksByItsLastClause() {
    assertThat(Intents.isQuestion("那我需要在PC端去掉顶部导航的 home 和 effects,移动端不要动,应该如何操作")).isTrue();
    assertThat(Intents.isQuestion("如果我现在关闭对话,下次能不能恢复上下文,什么情况下不能恢复")).isTrue();
    assertThat(rulesOnly("如果我现在关闭对话,下次能不能恢复上下文,什么情况下不能恢复")).isEmpty();
    // a check's object, "whatever" and "anything" ask nothing
    assertThat(Intents.isQuestion("以后提交前先检查是否有未使用的导入")).isFalse();
    assertThat(Intents.isQuestion("你应该确认现在是否有这个规则")).isFalse();
    assertThat(Intents.isQuestion("以后不管什么时候都用 pnpm")).isFalse();
    assertThat(Intents.isQuestion("以后什么都别问我，直接改")).isFalse();
  }

  @Test
  void theLearntModelVetoesAStandingPreferenceItFindsUnlikeAnyButNotARuleAskedToBeKept() {
    CorrectionClassifier findsNothing = new CorrectionClassifier(Map.of("__bias", -10.0));
    RuleBasedExtractor vetoing = new RuleBasedExtractor(ExtractionSettings.DEFAULTS, findsNothing);
    String preference = "以后提交前都要跑测试";
    String askedToKeep = "加入规则：每次提交前先运行格式化。";
    assertThat(rulesOnly(preference)).hasSize(1);
    assertThat(rulesOnly(askedToKeep)).hasSize(1);

    assertThat(vetoing.extract(List.of(TurnText.of(TurnRole.USER, preference)), List.of())).isEmpty();
    assertThat(vetoing.extract(List.of(TurnText.of(TurnRole.USER, askedToKeep)), List.of())).hasSize(1);
    assertThat(user(askedToKeep)).singleElement().satisfies(m -> assertThat(all(m)).contains("每次提交前先运行格式化"));
  }

  @Test
  void somethingThatCannotBeUsedIsAFaultReportedNotAProhibition() {
    assertThat(rulesOnly("没用啊 智能问答 数据查询 历史记录都不能用")).isEmpty();
    assertThat(rulesOnly("历史记录都不能用。")).isEmpty();
    // with what is not to be used after it, it still forbids
    assertThat(rulesOnly("不能用 var 声明变量")).singleElement().satisfies(m -> assertThat(all(m)).contains("var"));
  }

  @Test
  void noLongerUsingAThingIsACorrectionKeptWithWhatReplacesIt() {
    assertThat(rulesOnly("使用AppleScript重构，不再使用Swift")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("不再使用swift", "applescript"));
    // 不再 of what happens is a report, not a rule
    assertThat(rulesOnly("页面不再报错了")).isEmpty();
  }

  @Test
  void inaccurateIsNoProhibition() {
    assertThat(rulesOnly("最低点的位子不准")).isEmpty();
    assertThat(rulesOnly("时间段不准确")).isEmpty();
    assertThat(rulesOnly("不准用 var 声明变量")).singleElement().satisfies(m -> assertThat(all(m)).contains("var"));
  }
}
