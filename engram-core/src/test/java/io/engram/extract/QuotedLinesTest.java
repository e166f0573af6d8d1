package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import org.junit.jupiter.api.Test;

class QuotedLinesTest {
  @Test
  void aRuleWrittenAsAQuoteThatIsTheWholeTurnIsThePersons() {
    assertThat(Fixtures.rulesOnly("> ⚠️ **串口屏绝对不要接 D6（GPIO12）** —— 那是开机时判断 flash 电压的脚"))
        .extracting(MemoryCandidate::body).anySatisfy(b -> assertThat(b).contains("绝对不要接 D6"));
    assertThat(Fixtures.user("> Never use tabs in Makefile recipes, use spaces.\n> They break the CI lint."))
        .isNotEmpty();
  }

  @Test
  void aQuoteClosingTheTurnAfterTheirOwnFramingIsThePersons() {
    assertThat(Fixtures.rulesOnly("One more rule for this repo:\n> Never commit generated files, run make gen in CI."))
        .extracting(MemoryCandidate::body).anySatisfy(b -> assertThat(b).contains("Never commit generated files"));
    assertThat(Fixtures.rulesOnly("规则：\n> 不要提交 package-lock.json，我们只用 pnpm。")).isNotEmpty();
  }

  @Test
  void aQuoteThePersonAnswersReportsOrSignsIsSomeoneElses() {
    // the agent's words, answered
    assertThat(Fixtures.user("> I will never run the full suite again.\n\nHow will you make sure of that?")).isEmpty();
    // reported speech
    assertThat(Fixtures.user("Earlier you wrote:\n> Never use the staging database for tests.")).isEmpty();
    assertThat(Fixtures.user("他回复说：\n> 永远不要在.h文件中定义变量")).isEmpty();
    // signed
    assertThat(Fixtures.user("> 绝对不要使用两个前导下划线，这是很烦人的自私行为。\n> ——Ian Bicking")).isEmpty();
    // pasted among other text without a framing of the person's
    assertThat(Fixtures.user("For the code present, we get this error\n> Never call this before init\nfix it"))
        .isEmpty();
  }

  @Test
  void theQuoteMarksOfThePersonsOwnAreBlankedAndOthersBlockWhole() {
    assertThat(QuotedLines.blankOthers("> a rule\n> > nested")).isEqualTo("  a rule\n    nested");
    assertThat(QuotedLines.blankOthers("> theirs\nmine")).isEqualTo("        \nmine");
  }

  @Property(tries = 500)
  void blankingKeepsEveryOffsetAndLineBreak(@ForAll @Chars({'>', ' ', '\n', 'a', ':', '—', 'B'}) String text) {
    String out = QuotedLines.blankOthers(text);

    assertThat(out).hasSameSizeAs(text);
    for (int i = 0; i < text.length(); i++) {
      assertThat(out.charAt(i) == text.charAt(i) || out.charAt(i) == ' ').isTrue();
      assertThat(out.charAt(i) == '\n').isEqualTo(text.charAt(i) == '\n');
    }
  }
}
