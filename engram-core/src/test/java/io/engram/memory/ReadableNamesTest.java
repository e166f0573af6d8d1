package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ReadableNamesTest {

  @Test
  void englishKeepsItsContentWords() {
    assertThat(ReadableNames.of("Don't use npm view; it is slow.", 4)).isEqualTo("dont-use-npm-view");
    assertThat(ReadableNames.of("use", "the maven wrapper", 3)).isEqualTo("use-maven-wrapper");
  }

  @Test
  void chineseStaysChineseAndMixedTextKeepsBothScripts() {
    assertThat(ReadableNames.of("接口返回值统一用驼峰命名。", 5)).isEqualTo("接口返回值统一用驼峰");
    assertThat(ReadableNames.of("日志应该用 slf4j 的吧", 5)).isEqualTo("日志应该用-slf4j");
    assertThat(ReadableNames.of("テストは pytest で実行してください", 5)).isEqualTo("テストは-pytest-で実行してください");
    assertThat(ReadableNames.of("一二三四五六七八九十一二三四五六七八九十", 5)).isEqualTo("一二三四五六七八九十");
    assertThat(ReadableNames.of("以后回答都用中文，代码注释用英文。", 5)).isEqualTo("回答都用中文-代码注释用英文");
    assertThat(ReadableNames.of("数据库迁移用 Flyway，脚本放在 migration，命名规则见文档", 8))
        .isEqualTo("数据库迁移用-flyway-脚本放在-migration");
  }

  @Test
  void aChineseNameLeavesOutWhatOpensEveryInstructionAndStartsALaterRunAtItsContentWord() {
    assertThat(ReadableNames.of("以后写异步代码别再用 Node 18 的写法", 5)).isEqualTo("写异步代码别再用-node-18-写法");
    assertThat(ReadableNames.of("请记得提交前先跑 lint", 5)).isEqualTo("提交前先跑-lint");
    assertThat(ReadableNames.of("从现在开始，接口都要写单测", 5)).isEqualTo("接口都要写单测");
    // A text that is nothing but the opening keeps it: a name is never lost to the rule.
    assertThat(ReadableNames.of("记住 pnpm", 5)).isEqualTo("pnpm");
    assertThat(ReadableNames.of("以后", 5)).isEqualTo("以后");
  }

  @Test
  void aUrlIsLeftOutAndNamesOnlyWhenNothingElseCan() {
    assertThat(ReadableNames.of("Upstream issue tracker: https://github.com/spring-projects/spring-petclinic/issues", 6))
        .isEqualTo("upstream-issue-tracker");
    assertThat(ReadableNames.of("https://grafana.example.com/d/api-latency", 6)).isEqualTo("grafana-example-api-latency");
  }

  @Test
  void aPathIsNamedByItsLastSegmentButTwoWordsWithASlashStayTwoWords() {
    assertThat(ReadableNames.of("Schemas are in src/main/resources/db/h2/schema.sql", 6)).isEqualTo("schemas-schema-sql");
    assertThat(ReadableNames.of("Use true/false, not on/off", 6)).isEqualTo("use-true-false-not-off");
    assertThat(ReadableNames.of("Don't use npm/yarn", 6)).isEqualTo("dont-use-npm-yarn");
  }

  @Test
  void aNameIsCutAtAWordAndNothingReadableGivesNothing() {
    String long1 = ReadableNames.of("internationalization ".repeat(2) + "configuration of the whole application server", 8);
    assertThat(long1).hasSizeLessThanOrEqualTo(ReadableNames.MAX_CHARS).doesNotEndWith("-");
    assertThat(long1.split("-")).allSatisfy(w -> assertThat("internationalization configuration whole application server")
        .contains(w));
    assertThat(ReadableNames.of("!!! ??? ...", 5)).isEmpty();
  }

  @Property
  void everyNameIsAValidMemoryNameOrEmpty(@ForAll String text) {
    String name = ReadableNames.of(text, 6);
    assertThat(name.isEmpty() || MemoryNames.isValid(name)).as(name).isTrue();
    assertThat(name).hasSizeLessThanOrEqualTo(ReadableNames.MAX_CHARS);
  }
}
