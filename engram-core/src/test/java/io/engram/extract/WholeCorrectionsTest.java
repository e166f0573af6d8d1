package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A correction is kept whole: what not to do, what to do instead and why, when they are spread over sentences,
 * in English and Chinese; its name is readable in the language it was said in.
 */
class WholeCorrectionsTest {

  @Test
  void theAlternativeAndTheReasonInTheNextSentenceStayWithTheDont() {
    List<MemoryCandidate> written = user("No, don't run the whole suite with ./mvnw test. Use ./mvnw -o "
        + "-Dtest=OwnerControllerTests test so it stays offline; the full build downloads too much.");
    assertThat(written).singleElement().satisfies(m -> assertThat(all(m))
        .contains("don't run the whole suite", "-dtest=ownercontrollertests", "stays offline", "downloads too much"));
  }

  @Test
  void aStandingRuleKeepsTheReasonSaidRightAfterIt() {
    assertThat(user("When you lose connection to the MCP always re-check the state of the app. Otherwise you tend to "
        + "create duplicates.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("re-check the state", "create duplicates"));
    // what follows without a reason, or asks, or is a rule of its own, stays out of it
    assertThat(user("Always run the linter before a commit. The weather is nice today.")).singleElement()
        .satisfies(m -> assertThat(all(m)).doesNotContain("weather"));
    assertThat(user("Always run the linter before a commit. Why does it fail otherwise?")).singleElement()
        .satisfies(m -> assertThat(all(m)).doesNotContain("why does it fail"));
  }

  @Test
  void aReasonThatRefersBackAndAnAlternativeThatTurnsBackJoin() {
    assertThat(user("Don't use npm view. This is slow and can be slowed down by the network. Rather use the "
        + "package.json file directly.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("npm view", "slow", "package.json"));
    assertThat(user("They're hard to read. Let's instead replace our expectations with literal multiline strings."))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("hard to read", "literal multiline strings"));
  }

  @Test
  void aChoiceQuestionedBeforeAnExclusiveUseIsWhatNotToDo() {
    assertThat(user("why python curl for testing ? please use java curl only")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("python curl", "java curl only"));
    assertThat(user("Only use pnpm.")).singleElement().satisfies(m -> assertThat(all(m)).contains("pnpm"));
    // a pick among what was just offered is the thing at hand
    assertThat(user("use the first one only")).isEmpty();
  }

  @Test
  void theChatItselfIsNoThingAtHand() {
    assertThat(user("please note that, dont give me response in another file, give response here only in this chat "
        + "panel.")).singleElement().satisfies(m -> assertThat(all(m)).contains("another file", "chat panel"));
    assertThat(user("Put the summary here.")).isEmpty();
  }

  @Test
  void aStatementBeforeADontNamesWhatToUse() {
    assertThat(user("Package manager is pnpm (there's a lockfile). Don't use npm or yarn.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("pnpm", "lockfile", "don't use npm"));
  }

  @Test
  void anUnrelatedRequestBeforeOrAfterStaysOut() {
    String text = "Fix the build. Never push to main directly. Thanks!";
    assertThat(user(text)).singleElement().satisfies(m -> {
      assertThat(m.body()).isEqualTo("Never push to main directly.");
      assertThat(m.provenance().evidence().quote()).isEqualTo("Never push to main directly.");
    });
  }

  @Test
  void chineseCorrectionsKeepTheirReasonAndAlternative() {
    assertThat(user("别用 npm install，用 pnpm install。npm 会生成 package-lock.json，我们只提交 pnpm-lock.yaml。"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("npm install", "pnpm install", "pnpm-lock.yaml"));
    assertThat(user("英雄图用 HTML 的 <img> 下发，别用 CSS 背景。预加载扫描器得看得见，才能早发现。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("css 背景", "<img>", "预加载扫描器"));
    assertThat(user("这个项目已经升级到 Node 22 了，别再用 Node 18 的写法。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("node 18", "node 22"));
  }

  @Test
  void aRuleWrittenAsAListItemOrACommentIsReadFromItsFirstWord() {
    assertThat(user("❌ Never use `require()` - use ESModules `import`")).singleElement()
        .satisfies(m -> assertThat(m.body()).startsWith("Never use").contains("import"));
    assertThat(user("- Never hardcode URLs - use relative paths for API calls")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("hardcode urls", "relative paths"));
    assertThat(user("// 此文件由工具自动生成，请勿直接修改。")).singleElement()
        .satisfies(m -> assertThat(m.body()).startsWith("此文件").contains("自动生成"));
  }

  @Test
  void aChineseNotRecommendedIsACorrectionAndLetNamesWhatToDo() {
    assertThat(user("容器也可以安装，但是这是做边缘网络转发的，不推荐使用容器，容器本身就是有性能损耗的。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("不推荐使用容器", "性能损耗"));
    assertThat(user("不要手动指定 `Content-Length`。让 curl 或 HTTP 客户端自动计算。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("content-length", "自动计算"));
  }

  @Test
  void aRequestForTheTaskAtHandIsNoRule() {
    assertThat(user("dont make any changes yet. what is the point of the rewind?")).isEmpty();
    assertThat(user("for the first level can you quickly change it to 1:30 instead of 40 something seconds")).isEmpty();
    assertThat(user("then the title stuff appears really quickly and disappears..that shouldnt happen")).isEmpty();
  }

  @Test
  void aNameSetAgainstAnotherAfterAsIsACorrection() {
    assertThat(user("Claude Rule should appear as \"Claude Rule\", not just \"Rule\"")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("claude rule", "just \"rule\""));
  }

  @Test
  void aContrastWithoutADontIsACorrection() {
    assertThat(user("We should be using the strong types instead of string wherever we can.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("strong types", "instead of string"));
    assertThat(user("按段判断而不是用正则：后者会把合法键里恰好含两个点的片段误判成上跳。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("按段判断", "正则", "误判"));
  }

  @Test
  void aDontAboutTheThingAtHandIsNoCorrection() {
    assertThat(user("no don't set it, let's see if it keeps happening")).isEmpty();
    assertThat(user("can you check these tests? don't change anything, just let me know")).isEmpty();
    assertThat(user("nah let's roll back, they don't really need to exist in the future state")).isEmpty();
    assertThat(user("别改了，先这样吧。")).isEmpty();
    // the thing the pronoun stands for is named: a standing rule
    assertThat(user("That's wrong: the API base URL comes from API_URL, never hardcode it.")).hasSize(1);
  }

  @Test
  void namesAreReadableInTheLanguageOfTheCorrection() {
    assertThat(user("别用 CSS 背景放英雄图。")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("别用-css-背景放英雄图"));
    assertThat(user("Don't use npm view.")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("dont-use-npm-view"));
  }

  @Test
  void aBareNotAfterAChoiceIsWhatTheChoiceReplaces() {
    assertThat(user("use starlette for the backend. not django. and keep the models in sqlmodel")).first()
        .satisfies(m -> assertThat(all(m)).contains("starlette", "not django"));
    assertThat(user("use starlette for the backend. not yet.")).first()
        .satisfies(m -> assertThat(all(m)).doesNotContain("not yet"));
  }
}
