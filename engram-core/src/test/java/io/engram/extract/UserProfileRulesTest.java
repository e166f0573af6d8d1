package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserProfileRulesTest {

  @Test
  void rolesAndBackgroundInEnglish() {
    assertThat(user("I'm a data scientist.")).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.USER);
      assertThat(m.name()).isEqualTo("user-data-scientist");
    });
    assertThat(user("I'm new to Rust, so go slowly.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("new to rust"));
    assertThat(user("I've been writing Java for ten years.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("java"));
  }

  @Test
  void rolesAndBackgroundInChinese() {
    assertThat(user("我是后端工程师。")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.USER);
          assertThat(m.description()).contains("后端工程师");
        });
    assertThat(user("我对 Kubernetes 不太熟。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("kubernetes"));
    assertThat(user("我是做嵌入式的。")).singleElement()
        .satisfies(m -> assertThat(m.description()).contains("嵌入式"));
  }

  @Test
  void statesThatAreNotWhoTheUserIs() {
    assertThat(user("I'm a bit confused by this error.")).isEmpty();
    assertThat(user("I'm going to lunch.")).isEmpty();
    assertThat(user("我是说第二个函数。")).isEmpty();
    assertThat(user("我是不是漏了什么？")).isEmpty();
  }
}
