package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProjectFactRulesTest {

  @Test
  void packageManagerStatedByTheUser() {
    assertThat(user("We use poetry for dependencies, not pip.")).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.PROJECT);
      assertThat(m.name()).isEqualTo("package-manager-poetry");
    });
    assertThat(user("This repo uses bun.")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("package-manager-bun"));
    assertThat(user("这个项目用 yarn 管理依赖。")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("package-manager-yarn"));
    assertThat(user("应该用 pnpm 而不是 npm。")).singleElement().satisfies(m -> {
      assertThat(m.name()).isEqualTo("package-manager-pnpm");
      assertThat(m.description()).isEqualTo("本项目使用的包管理器和命令：pnpm");
      assertThat(m.body()).startsWith("本项目使用 pnpm。").contains("用户原话：“应该用 pnpm 而不是 npm。”");
    });
  }

  @Test
  void packageManagerFromACommandTheUserAsksToRun() {
    assertThat(user("Run `cargo test --workspace` to check it.")).singleElement().satisfies(m -> {
      assertThat(m.name()).isEqualTo("package-manager-cargo");
      assertThat(m.body()).contains("`cargo test --workspace`");
    });
    assertThat(user("Build with ./mvnw verify please.")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("package-manager-maven"));
    assertThat(user("跑 uv run pytest 看看。")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("package-manager-uv"));
  }

  @Test
  void aCommandToRunAsAStepOfOtherWorkAskedTellsNoPackageManager() {
    assertThat(user("In src/app/page.tsx:\n\nAdd a broker selector above the MQTT card.\n\n"
        + "After fix, remind to run pnpm dev and refresh the page.")).isEmpty();
    assertThat(user("Fix the login form validation.\n\nAfter changes:\n- Run pnpm dev")).isEmpty();
    // stated beside the work, the package manager is still a fact
    assertThat(user("Fix the login form validation.\nWe use pnpm, not npm.")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("package-manager-pnpm"));
  }

  @Test
  void packageManagerWordsWithoutAStatementOrCommandAreIgnored() {
    assertThat(user("Why does npm take so long?")).isEmpty();
    assertThat(user("The bun was delicious.")).isEmpty();
    assertThat(user("不要用 npm 了。")).allSatisfy(m -> assertThat(m.name()).isNotEqualTo("package-manager-npm"));
  }

  @Test
  void servicesTheTestsNeed() {
    assertThat(user("The e2e tests need Kafka and Docker running.")).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.PROJECT);
      assertThat(m.name()).isEqualTo("tests-need-kafka-docker");
    });
    assertThat(user("测试依赖本地的 MySQL。")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("mysql"));
  }

  @Test
  void aServiceMentionedOutsideTestsIsNotATestDependency() {
    assertThat(user("Redis is a key-value store.")).isEmpty();
    assertThat(user("Postgres 的性能怎么样？")).isEmpty();
  }

  @Test
  void deadlinesWithDates() {
    assertThat(user("Code freeze is on March 3rd for the 2.0 release.")).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.PROJECT);
      assertThat(m.description()).contains("March 3rd");
    });
    assertThat(user("Feature complete deadline: 2026-09-30.")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("deadline-2026-09-30"));
    assertThat(user("6月30日前必须上线。")).singleElement()
        .satisfies(m -> assertThat(m.name()).isEqualTo("deadline-6-30"));
  }

  @Test
  void datesWithoutADeadlineAreNotDeadlines() {
    assertThat(user("The log from 2026-01-04 shows the crash.")).isEmpty();
    assertThat(user("We shipped it.")).isEmpty();
  }
}
