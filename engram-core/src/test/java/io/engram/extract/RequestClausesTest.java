package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A standing preference said inside a request: the clause that states a rule over future work is kept though the
 * sentence asks for an edit, and what only bounds or steps the request stays quiet.
 */
class RequestClausesTest {

  @Test
  void aRuleThatHoldsOnBesideAnEditIsKept() {
    assertThat(user("fix the login redirect, and never commit to main")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("never commit to main"));
    assertThat(user("帮我修一下登录页，一律用 pnpm 安装依赖")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("一律用 pnpm"));
  }

  @Test
  void whatTheProjectDoesNotDoBesideAnEditIsKept() {
    assertThat(user("update the Makefile - we don't use multipass anymore - read the govirt docs for info"))
        .singleElement().satisfies(m -> assertThat(all(m)).contains("we don't use multipass anymore"));
    assertThat(user("帮我把标题改短一点，我们项目里不用 moment")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("不用 moment"));
  }

  @Test
  void aToolGivenARoleInsideARequestIsTheProjectsChoice() {
    assertThat(user("Use placeholders where needed and use Gradle as the build system.")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.PROJECT);
          assertThat(all(m)).contains("gradle");
        });
    assertThat(user("add the export button and use uv for dependency management")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("uv"));
  }

  @Test
  void theMemoryIsTheClauseAndKeepsTheSentenceItWasSaidIn() {
    assertThat(user("rename the config loader, and always run the formatter before you commit since CI rejects it"))
        .singleElement().satisfies(m -> {
          assertThat(m.description()).startsWith("always run the formatter").doesNotContain("rename");
          assertThat(m.body()).contains("since CI rejects it");
        });
  }

  @Test
  void theBoundsOfTheRequestAreNoRule() {
    assertThat(user("fix the header, and don't touch the tests")).isEmpty();
    assertThat(user("帮我把按钮改成竖向排列，不要横着放")).isEmpty();
    assertThat(user("@notebooks/explore.ipynb 把它的注释部分修改为英文，不要改动代码")).isEmpty();
  }

  @Test
  void aQuestionOrASentenceBoundedInTimeKeepsNoClause() {
    assertThat(user("can you fix the header, and always keep it red?")).isEmpty();
    assertThat(user("fix the header for now, and always keep it red")).isEmpty();
    assertThat(user("帮我修一下标题，暂时一律用红色")).isEmpty();
  }
}
