package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class RecallQueryTest {
  private static final int WINDOW = 2 * RecallQuery.PROMPT_END_CHARS;

  private static String log(int lines) {
    return IntStream.range(0, lines)
        .mapToObj(i -> String.format("2026-12-06T10:%02d:%02d INFO  [worker-%d] c.e.o.OrderService - processed order %d",
            i / 60 % 60, i % 60, i % 8, 100_000 + i))
        .collect(Collectors.joining("\n"));
  }

  @Property(tries = 50)
  void aPromptWithinTwoEndsIsSearchedAsItIs(@ForAll @StringLength(max = 300) String prompt) {
    assertThat(RecallQuery.ends(prompt)).isEqualTo(prompt);
  }

  @Test
  void aPromptOfExactlyTwoEndsIsNotCut() {
    String prompt = "x".repeat(WINDOW);
    assertThat(RecallQuery.ends(prompt)).isSameAs(prompt);
  }

  @Test
  void aHugePromptIsSearchedByItsQuestionBeforeAndAfterTheLogAndStaysBounded() {
    String huge = "Why does the order service stop processing on Mondays?\n" + log(70_000)
        + "\nAnd how do I run the database migrations?";
    assertThat(huge.length()).isGreaterThan(5_000_000);

    RecallQuery q = RecallQuery.ofPrompt(huge, Optional.empty());

    assertThat(q.text()).isEqualTo("Why does the order service stop processing on Mondays?\n"
        + "And how do I run the database migrations?");
  }

  @Test
  void aHugePromptOfProseKeepsBothEndsCutAtLineBreaks() {
    String line = "we moved the staging deploy to the new cluster and the health checks need a longer timeout now";
    String prose = IntStream.range(0, 60_000).mapToObj(i -> line + " " + i).collect(Collectors.joining("\n"));

    String ends = RecallQuery.ends(prose);

    assertThat(ends.length()).isLessThanOrEqualTo(WINDOW + 1);
    assertThat(ends).startsWith(line + " 0\n").endsWith(line + " 59999");
    assertThat(ends.lines()).allMatch(l -> l.matches(java.util.regex.Pattern.quote(line) + " \\d+"));
  }

  @Test
  void aHugePromptOnOneLineIsCutByCharactersNeverInsideASurrogatePair() {
    String emoji = "\uD83D\uDE80";
    String oneLine = "a" + emoji.repeat(WINDOW);

    String ends = RecallQuery.ends(oneLine);

    assertThat(ends.length()).isLessThanOrEqualTo(WINDOW + 1);
    assertThat(ends.codePoints().boxed()).noneMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    assertThat(ends).startsWith("a" + emoji).endsWith(emoji);
  }

  @Test
  void aPromptsMemoriesGoUnaskedAndAQueryOfItsOwnIsASearch() {
    assertThat(RecallQuery.ofPrompt("fix the api", Optional.empty()).kind()).isEqualTo(RecallKind.INJECTION);
    assertThat(RecallQuery.injected("fix the api").kind()).isEqualTo(RecallKind.INJECTION);
    assertThat(RecallQuery.of("api").kind()).isEqualTo(RecallKind.SEARCH);
    assertThat(new RecallQuery("api", Optional.empty()).kind()).isEqualTo(RecallKind.SEARCH);
    assertThat(RecallQuery.injected("fix the api").text()).isEqualTo(RecallQuery.of("fix the api").text());
  }
}
