package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class BodyMergePropertiesTest {
  private static final List<String> SENTENCES =
      List.of("Tests need Redis.", "Use pnpm.", "Run make test.", "CI is slow!", "测试需要 Redis。", "别 mock 数据库。",
          "Deploy on Fridays?", "Ask before pushing.");

  @Provide
  Arbitrary<String> body() {
    Arbitrary<String> line =
        Arbitraries.of(SENTENCES).list().ofMinSize(1).ofMaxSize(3)
            .map(l -> String.join(" ", l))
            .flatMap(s -> Arbitraries.of("- ", "* ", "", "1. ").map(m -> m + s));
    return line.list().ofMaxSize(6).map(l -> String.join("\n", l) + "\n");
  }

  @Property(tries = 300)
  void mergeKeepsEverySentenceOnceAndIsDeterministic(@ForAll("body") String a, @ForAll("body") String b) {
    MemoryText older = new MemoryText("a.md", a, Instant.EPOCH);
    MemoryText newer = new MemoryText("b.md", b, Instant.EPOCH.plusSeconds(1));
    String merged = NearDuplicates.merge(List.of(older, newer));
    assertThat(NearDuplicates.merge(List.of(newer, older))).isEqualTo(merged);
    List<String> sentences = sentencesOf(merged);
    assertThat(new HashSet<>(sentences)).hasSameSizeAs(sentences);
    Set<String> expected = new HashSet<>(sentencesOf(a));
    expected.addAll(sentencesOf(b));
    assertThat(new HashSet<>(sentences)).isEqualTo(expected);
    if (!b.isBlank()) {
      assertThat(firstSentence(merged)).isEqualTo(firstSentence(b));
    }
  }

  private static String firstSentence(String text) {
    String first = null;
    int at = Integer.MAX_VALUE;
    for (String s : SENTENCES) {
      int i = text.indexOf(s);
      if (i >= 0 && i < at) {
        at = i;
        first = s;
      }
    }
    return first;
  }

  private static List<String> sentencesOf(String text) {
    List<String> out = new ArrayList<>();
    for (String s : SENTENCES) {
      int from = 0;
      while ((from = text.indexOf(s, from)) >= 0) {
        out.add(s);
        from += s.length();
      }
    }
    return out;
  }
}
