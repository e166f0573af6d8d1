package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A list item written as a plain instruction is a standing rule without any marker that it holds on, in English and
 * Chinese; a list of the work asked (under a request, in a turn that asks, items that point at the thing at hand or
 * edit it) and a how-to line naming a command are none.
 */
class InstructionListItemsTest {

  @Test
  void anImperativeListItemWithoutAMarkerIsARule() {
    assertThat(user("- Use `date-fns` for date operations, especially getMonth and getYear")).singleElement()
        .satisfies(m -> {
          assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
          assertThat(all(m)).contains("date-fns", "date operations");
        });
    assertThat(user("2. Write doc comments for all exported APIs.")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("doc comments for all exported apis"));
    assertThat(user("- Direct service usage: Use external services directly where needed")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("external services directly"));
  }

  @Test
  void aChineseListItemThatDirectsWithoutAMarkerIsARule() {
    assertThat(user("1. 每次缩进使用4个空格")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("缩进使用4个空格"));
    assertThat(user("4. **依赖谨慎**: 遵循Java/Spring主流实践，不引入不必要的新依赖")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("不引入不必要的新依赖"));
  }

  @Test
  void theSameInstructionOutsideAListIsNotReadAsARule() {
    assertThat(user("Use `date-fns` for date operations, especially getMonth and getYear")).isEmpty();
    assertThat(user("每次缩进使用4个空格")).isEmpty();
  }

  @Test
  void aListOfTheWorkAskedIsNotARulesList() {
    assertThat(user("I'd like to do two things:\n1. add the ability to migrate a specific checkpoint\n"
        + "2. add usage information at the top of the sh file")).isEmpty();
    assertThat(user("Can you:\n- propose a good changelog format\n- suggest categories for changes")).isEmpty();
    assertThat(user("- Use ordered lists for release notes\n- what about the old ones?")).isEmpty();
    assertThat(user("帮我做以下几件事：\n- 保持提交信息简短\n- 使用英文写注释")).isEmpty();
  }

  @Test
  void anItemAboutTheThingAtHandOrAHowToCommandIsNotARule() {
    assertThat(user("- Use this helper for the date parsing")).isEmpty();
    assertThat(user("- Keep it as it is for now")).isEmpty();
    assertThat(user("- 这次使用 4 个空格缩进")).isEmpty();
    assertThat(user("- Run ESLint to check code quality: `eslint .`")).isEmpty();
    assertThat(user("- Fix the failing login test")).isEmpty();
    assertThat(user("- 测试代码可通过编译参数访问所有 private 成员")).isEmpty();
  }
}
