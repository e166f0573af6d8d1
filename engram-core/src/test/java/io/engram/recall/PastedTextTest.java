package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PastedTextTest {
  private static final String LOG = IntStream.range(0, 40)
      .mapToObj(i -> String.format("2026-12-06T10:%02d:00 INFO  [worker-%d] c.e.o.OrderService - processed order %d", i,
          i % 8, 100_000 + i))
      .collect(Collectors.joining("\n"));
  private static final String TRACE = """
      java.net.ConnectException: Connection refused: localhost/127.0.0.1:6379
      \tat io.lettuce.core.RedisClient.connect(RedisClient.java:211)
      \tat com.example.cache.CacheConfig.redis(CacheConfig.java:42)
      \t... 12 more""";

  @Test
  void aQuestionAfterALogIsSearchedByItsOwnWords() {
    String prompt = LOG + "\n\nThe build fails after my schema change. How do I run the database migrations?";

    assertThat(PastedText.focus(prompt))
        .isEqualTo("The build fails after my schema change. How do I run the database migrations?");
  }

  @Test
  void thePastedLinesThatSayWhatWentWrongAreSearchedWithTheQuestion() {
    String prompt = "the integration tests fail on my laptop, why?\n" + TRACE;

    assertThat(PastedText.focus(prompt)).isEqualTo("the integration tests fail on my laptop, why?\n"
        + "java.net.ConnectException: Connection refused: localhost/127.0.0.1:6379");
  }

  @Test
  void aFencedBlockIsPastedWhateverItHolds() {
    String prompt = "这段代码为什么这么慢？\n```java\nfor (Order o : orders) {\n  repo.save(o);\n}\n```";

    assertThat(PastedText.focus(prompt)).isEqualTo("这段代码为什么这么慢？");
  }

  @Test
  void aPromptWithoutAPastedRunIsSearchedAsItIs() {
    String list = "Please do three things:\n- fix OrderService.java:42\n- rename the cache\n- update the README";
    String twoLocations = "look at Foo.java:10\nand Bar.java:20\nthen tell me which is right";

    assertThat(PastedText.focus(list)).isSameAs(list);
    assertThat(PastedText.focus(twoLocations)).isSameAs(twoLocations);
    assertThat(PastedText.focus("short")).isSameAs("short");
  }

  @Test
  void aPromptThatIsAllPasteKeepsItsKeyLinesOrItself() {
    assertThat(PastedText.focus(TRACE)).isEqualTo(
        "java.net.ConnectException: Connection refused: localhost/127.0.0.1:6379");
    assertThat(PastedText.focus(LOG)).isSameAs(LOG);
  }

  @Test
  void atMostThreeKeyLinesEachCutAtTwoHundredCharacters() {
    String errors = IntStream.range(0, 6).mapToObj(i -> "2026-12-06 10:00:0" + i + " ERROR job " + i + " failed: "
        + "x".repeat(300)).collect(Collectors.joining("\n"));

    List<String> lines = PastedText.focus("what broke?\n" + errors).lines().toList();

    assertThat(lines).hasSize(1 + PastedText.KEY_LINES);
    assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).hasSize(PastedText.KEY_LINE_CHARS));
  }

  @Property(tries = 300)
  void whatIsSearchedIsMadeOfThePromptsOwnLines(@ForAll @StringLength(max = 400) String prompt) {
    String focused = PastedText.focus(prompt);
    List<String> lines = Arrays.asList(prompt.split("\n", -1));

    if (!focused.equals(prompt)) {
      assertThat(focused.split("\n", -1)).allSatisfy(l -> assertThat(lines.stream()
          .anyMatch(line -> line.contains(l.strip()))).as(l).isTrue());
    }
  }
}
