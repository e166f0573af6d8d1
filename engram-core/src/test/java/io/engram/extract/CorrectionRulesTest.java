package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CorrectionRulesTest {

  @Test
  void negativeImperativesAreFeedback() {
    assertThat(user("Don't mock the database in integration tests.")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
          assertThat(all(m)).contains("mock the database");
          assertThat(m.name()).contains("mock").contains("database");
        });
    assertThat(user("Stop adding trailing summaries to your answers.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("trailing summaries"));
    assertThat(user("No, don't use Lombok here or anywhere else.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("lombok"));
  }

  @Test
  void useXInsteadOfYIsFeedback() {
    assertThat(user("No, use AssertJ instead of Hamcrest.")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
          assertThat(all(m)).contains("assertj").contains("hamcrest");
        });
    assertThat(user("I prefer records over Lombok data classes.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("records"));
  }

  @Test
  void chineseCorrections() {
    assertThat(user("不要在循环里打日志。")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
          assertThat(m.body()).contains("打日志");
        });
    assertThat(user("应该用 Optional 而不是返回 null。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("optional"));
    assertThat(user("我更喜欢小而频繁的提交。")).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("小而频繁"));
  }

  @Test
  void conversationalNegationsAreNotCorrections() {
    assertThat(user("Don't worry about it.")).isEmpty();
    assertThat(user("I don't know why it fails.")).isEmpty();
    assertThat(user("Don't you think this is slow?")).isEmpty();
    assertThat(user("不客气。")).isEmpty();
    assertThat(user("不用谢")).isEmpty();
    assertThat(user("别担心，慢慢来。")).isEmpty();
  }

  @Test
  void correctionAboutOneSpecificFileIsATaskDetail() {
    assertThat(user("Don't touch that file.")).isEmpty();
    assertThat(user("不要改这个文件。")).isEmpty();
  }
}
