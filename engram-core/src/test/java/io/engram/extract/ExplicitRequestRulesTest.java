package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExplicitRequestRulesTest {

  @Test
  void rememberThatBecomesFeedbackWithTheRuleInTheBody() {
    List<MemoryCandidate> c = user("Please remember that answers should cite the file path of every change.");
    assertThat(c).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
      assertThat(m.body()).contains("cite the file path");
      assertThat(m.provenance().source()).isEqualTo(CandidateSource.USER);
      assertThat(m.provenance().trusted()).isTrue();
      assertThat(m.action()).isEqualTo(CandidateAction.CREATE);
      assertThat(m.description()).doesNotContain("\n");
    });
  }

  @Test
  void rememberedStatementAboutTheProjectIsAProjectMemory() {
    assertThat(user("Note that the billing service is deployed from the release branch only."))
        .singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.PROJECT);
          assertThat(all(m)).contains("billing service");
        });
  }

  @Test
  void standingRulesInEnglish() {
    assertThat(user("From now on, write docstrings in Google style.")).singleElement()
        .satisfies(m -> assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK));
    assertThat(user("Always add a changelog entry.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("changelog"));
    assertThat(user("Never commit generated files.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("generated files"));
  }

  @Test
  void explicitRequestsInChinese() {
    assertThat(user("请记住，接口返回值统一用驼峰命名。")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
          assertThat(m.body()).contains("驼峰");
          // a Chinese memory keeps a Chinese name, never a hash
          assertThat(m.name()).contains("驼峰").doesNotContainPattern("[0-9a-f]{6}");
        });
    assertThat(user("以后都先写测试再写实现。")).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("先写测试"));
    assertThat(user("别忘了每个公开方法都要有注释。")).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("注释"));
    assertThat(user("下次提交前先格式化代码。")).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("格式化"));
  }

  @Test
  void recallingOrAskingAboutMemoryIsNotARequest() {
    assertThat(user("I remember we had this bug last year.")).isEmpty();
    assertThat(user("Do you remember what the port was?")).isEmpty();
    assertThat(user("Remember when we moved to Java 17?")).isEmpty();
    assertThat(user("我记得上次也是这个问题。")).isEmpty();
    assertThat(user("你还记得端口是多少吗？")).isEmpty();
  }

  @Test
  void oneOffTaskDetailsAreNotRemembered() {
    assertThat(user("Remember to check the null case in this function.")).isEmpty();
    assertThat(user("记住这个函数要处理空值。")).isEmpty();
    assertThat(user("以后再说吧。")).isEmpty();
  }

  @Test
  void alwaysOrNeverWithoutAnInstructionIsADescription() {
    assertThat(user("Always the same error, it fails on CI.")).isEmpty();
    assertThat(user("Never mind, I found it.")).isEmpty();
  }

  @Test
  void scopedToThisTimeIsATaskDetail() {
    assertThat(user("Don't forget to update the changelog this time.")).isEmpty();
    assertThat(user("Let's use the builder pattern here instead of the constructor.")).isEmpty();
    assertThat(user("这次先不要写测试。")).isEmpty();
  }

  @Test
  void oppositeRulesGetDifferentNames() {
    assertThat(user("Never use tabs.").get(0).name()).isNotEqualTo(user("Always use tabs.").get(0).name());
  }

  @Test
  void triggersAloneWithoutContentYieldNothing() {
    assertThat(user("Remember.")).isEmpty();
    assertThat(user("记住！")).isEmpty();
  }
}
