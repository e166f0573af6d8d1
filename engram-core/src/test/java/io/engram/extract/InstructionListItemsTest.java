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

  @Test
  void theStepsOfWorkUnderAHeadingThatAsksForItAreNotRules() {
    assertThat(user("Fix and improve MQTT connection:\n- Use a fallback URL if the variable is undefined\n"
        + "- Keep the test button disabled while disconnected\n- Add console.log on connect for debugging")).isEmpty();
    assertThat(user("Implement the admin section step by step:\n1. Build the dashboard with realtime stat cards\n"
        + "2. Add a placeholder DataTable to the bookings page")).isEmpty();
    assertThat(user("In src/app/test-connections/page.tsx:\n- Use useState for the selected broker")).isEmpty();
    assertThat(user("Goals:\n- Use independent clients for each broker\n- Keep the layout as it was")).isEmpty();
  }

  @Test
  void theListsAfterALineThatAsksForWorkAreItsStepsWhateverTheirOwnHeading() {
    assertThat(user("In src/app/page.tsx:\n\nAdd a broker selector above the MQTT card.\n\nAfter changes:\n"
        + "- Check the console for connect logs\n- Keep the loading state")).isEmpty();
    assertThat(user("Add a button to the MQTT card.\n\nWhen clicked:\n- Use the mqtt client\n- Log the payload"))
        .isEmpty();
    // a line asking for a rule, or a rules list with no work asked before it, keeps its items rules
    assertThat(user("Add these rules to the project:\n- Use `date-fns` for date operations"))
        .anySatisfy(m -> assertThat(all(m)).contains("date-fns"));
    assertThat(user("- Use `date-fns` for date operations\n- Add tests for every change")).hasSize(2);
  }

  @Test
  void aListUnderAHeadingThatAsksForARuleStaysARulesList() {
    assertThat(user("add a rule providing guidance on how to write PR descriptions\n"
        + "- always use the conventional commits format for the title"))
        .anySatisfy(m -> assertThat(all(m)).contains("conventional commits format"));
    assertThat(user("Strict rules to follow:\n- Use `date-fns` for date operations")).singleElement()
        .satisfies(m -> assertThat(all(m)).contains("date-fns"));
  }

  @Test
  void aListThatReportsFaultsListsFixesNotRules() {
    assertThat(user("1. 现在无法对图片进行 pan 操作了。\n2. 把 exif panel 做成 fixed 的\n"
        + "3. 图片尺寸太大的时候需要缩放到屏幕适合的大小。")).isEmpty();
    assertThat(user("Still broken:\n- Swiping doesn't work on the preview\n- Use the arrow keys to switch images"))
        .isEmpty();
    assertThat(user("1. 每次缩进使用4个空格\n2. 提交前运行测试")).isNotEmpty();
  }
}
