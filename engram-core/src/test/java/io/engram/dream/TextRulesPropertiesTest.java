package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The dream's text readers (statements, bodies, index lines) take any text without failing. */
class TextRulesPropertiesTest {
  private static final List<String> PIECES =
      List.of("npm", "pnpm", " uses ", " is ", " not ", "no longer", "不再", "需要", "测试", ": ", "：", "=", "- ",
          "# ", "```\n", "`", ".", "。", "[a](a.md)", "[b](./b.md#x)", "http://x.io", "Tests need Redis", " ", "8080",
          "\n", "\n\n", "\r", "\r\n", "\u0085", "\u2028");

  @Provide
  Arbitrary<String> text() {
    Arbitrary<String> piece = Arbitraries.oneOf(Arbitraries.of(PIECES), Arbitraries.strings().ofMaxLength(3));
    return piece.list().ofMaxSize(20).map(l -> String.join("", l));
  }

  @Property(tries = 400)
  void contradictionsAreFoundWhicheverArgumentComesFirst(@ForAll("text") String a, @ForAll("text") String b) {
    MemoryText older = new MemoryText("old.md", a, Instant.EPOCH);
    MemoryText newer = new MemoryText("new.md", b, Instant.EPOCH.plusSeconds(1));
    assertThat(Contradictions.between(older, newer)).isEqualTo(Contradictions.between(newer, older));
    Contradictions.between(older, newer).ifPresent(c -> assertThat(c.supersededId()).isEqualTo("old.md"));
  }

  @net.jqwik.api.Example
  void anItemWhoseTextIsPunctuationOnlyIsKeptSoARemergeIsStable() {
    String body = "8080. : \n";
    assertThat(NearDuplicates.merge(List.of(new MemoryText("a.md", body, Instant.EPOCH)))).isEqualTo(body);
    mergingABodyWithItselfChangesNothingTwice(body);
  }

  @net.jqwik.api.Example
  void aLoneCarriageReturnEndsALineSoARemergeIsStable() {
    String body = "npm\r";
    assertThat(NearDuplicates.merge(List.of(new MemoryText("a.md", body, Instant.EPOCH)))).isEqualTo("npm\n");
    mergingABodyWithItselfChangesNothingTwice(body);
  }

  @Property(tries = 400)
  void mergingABodyWithItselfChangesNothingTwice(@ForAll("text") String a) {
    MemoryText one = new MemoryText("a.md", a, Instant.EPOCH);
    String once = NearDuplicates.merge(List.of(one));
    MemoryText copy = new MemoryText("b.md", a, Instant.EPOCH.plusSeconds(1));
    assertThat(NearDuplicates.merge(List.of(one, copy))).isEqualTo(once);
    assertThat(NearDuplicates.merge(List.of(new MemoryText("c.md", once, Instant.EPOCH)))).isEqualTo(once);
  }

  @Property(tries = 400)
  void pruningTwiceIsPruningOnce(@ForAll("text") String index) {
    IndexPruner pruner = new IndexPruner(5, 120);
    PrunedIndex once = pruner.prune(index, f -> f.startsWith("a"), Map.of());
    assertThat(pruner.prune(once.text(), f -> f.startsWith("a"), Map.of()).text()).isEqualTo(once.text());
    assertThat(once.lines()).hasSizeLessThanOrEqualTo(5);
  }
}
