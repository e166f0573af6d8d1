package io.engram.extract;

import static io.engram.extract.Fixtures.all;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The clause reading on generated requests, English and Chinese: the clauses are the sentence's own text at their
 * offsets, a standing preference beside any edit asked for is kept, and the bounds of the request never are.
 */
class RequestClausesPropertiesTest {
  private static final List<String> EDITS = List.of("fix the login redirect", "add a logout button to the header",
      "update the Makefile", "rename the config loader", "move the chart under the table");
  private static final List<String> STANDING = List.of("never commit to main", "always run the linter before a push",
      "we don't use docker compose anymore", "use pnpm instead of npm", "use uv for dependency management");
  private static final List<String> BOUNDS = List.of("don't touch the tests", "do not change other parts of the page",
      "don't rename the files");
  private static final List<String> SEPARATORS = List.of(", and ", " - ", "; ", ", also ", " and ");
  private static final List<String> ZH_EDITS = List.of("帮我修一下登录页", "帮我把按钮改成蓝色", "帮我把标题改短一点");
  private static final List<String> ZH_STANDING = List.of("一律用 pnpm 安装依赖", "我们项目里不用 moment",
      "始终用 TypeScript 写新文件");
  private static final List<String> ZH_BOUNDS = List.of("不要改动其他文件", "不要横着放", "不要做其他的改动");

  @Property(tries = 100)
  void theClausesAreTheSentencesOwnTextInOrder(@ForAll("sentences") String text) {
    int start = 7;
    List<Sentence> clauses = RequestClauses.of(new Sentence(text, start, start + text.length()));
    int last = start;
    for (Sentence c : clauses) {
      assertThat(text.substring(c.start() - start, c.end() - start)).isEqualTo(c.text());
      assertThat(c.start()).isGreaterThanOrEqualTo(last);
      last = c.end();
    }
  }

  @Property(tries = 25)
  void aStandingPreferenceBesideAnEditIsKept(@ForAll("english") String[] parts) {
    String sentence = parts[0] + parts[1] + parts[2];
    assertThat(user(sentence)).as(sentence).isNotEmpty()
        .anySatisfy(m -> assertThat(all(m)).contains(keyOf(parts[2])));
  }

  @Property(tries = 9)
  void aChineseStandingPreferenceBesideAnEditIsKept(@ForAll("chinese") String[] parts) {
    String sentence = parts[0] + "，" + parts[1];
    assertThat(user(sentence)).as(sentence).isNotEmpty()
        .anySatisfy(m -> assertThat(all(m)).contains(keyOf(parts[1])));
  }

  @Property(tries = 24)
  void theBoundsOfARequestAreNeverKept(@ForAll("bounded") String sentence) {
    assertThat(user(sentence)).as(sentence).isEmpty();
  }

  // the clause's last three words (or Han characters), which any memory of it holds
  private static String keyOf(String clause) {
    String[] words = clause.toLowerCase(Locale.ROOT).split(" ");
    return words.length >= 3 ? String.join(" ", List.of(words).subList(words.length - 3, words.length))
        : clause.substring(clause.length() - 3).toLowerCase(Locale.ROOT);
  }

  @Provide
  Arbitrary<String> sentences() {
    Arbitrary<String> piece = Arbitraries.oneOf(Arbitraries.of(EDITS), Arbitraries.of(STANDING),
        Arbitraries.of(ZH_EDITS), Arbitraries.of(ZH_STANDING), Arbitraries.strings().ofMaxLength(20));
    Arbitrary<String> sep = Arbitraries.oneOf(Arbitraries.of(SEPARATORS), Arbitraries.of("，", "；", "并且", ",,", " - - "));
    return Combinators.combine(piece, sep, piece, sep, piece).as((a, b, c, d, e) -> a + b + c + d + e);
  }

  @Provide
  Arbitrary<String[]> english() {
    return Combinators.combine(Arbitraries.of(EDITS), Arbitraries.of(SEPARATORS), Arbitraries.of(STANDING))
        .as((a, b, c) -> new String[] {a, b, c});
  }

  @Provide
  Arbitrary<String[]> chinese() {
    return Combinators.combine(Arbitraries.of(ZH_EDITS), Arbitraries.of(ZH_STANDING))
        .as((a, b) -> new String[] {a, b});
  }

  @Provide
  Arbitrary<String> bounded() {
    return Arbitraries.oneOf(
        Combinators.combine(Arbitraries.of(EDITS), Arbitraries.of(", and ", ", but ", "; "), Arbitraries.of(BOUNDS))
            .as((a, b, c) -> a + b + c),
        Combinators.combine(Arbitraries.of(ZH_EDITS), Arbitraries.of(ZH_BOUNDS)).as((a, b) -> a + "，" + b));
  }
}
