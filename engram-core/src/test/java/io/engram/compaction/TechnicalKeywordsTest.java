package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class TechnicalKeywordsTest {

  @Test
  void findsEachKindOfKeyword() {
    String text =
        """
        FileScore uses max_tokens and MAX_FILES; call compact() or getUser(id).
        Package io.engram.compaction.
        """;
    assertThat(TechnicalKeywords.extract(text, 100))
        .containsExactlyInAnyOrder("FileScore", "max_tokens", "MAX_FILES", "compact", "getUser", "io.engram.compaction");
  }

  @Test
  void commandsFlagsVersionsAndTheHarnessOwnWordsAreNotConcepts() {
    String text =
        """
        Ran `mvn -q -B test` and then:
        $ git commit -m fix
        jqwik 1.9.3, v2.0-beta1, flag --dry-run and --oneline; `./mvnw -o verify`, `mytool src/x`.
        Used GrepTool and TodoWrite, read the agentId and the tool_use_id of each call.
        """;
    assertThat(TechnicalKeywords.extract(text, 100)).isEmpty();
  }

  @Test
  void namesSaidOnceComeInOnlyWhileFewWereRepeated() {
    String text = "alphaBeta alphaBeta gammaDelta gammaDelta epsilonZeta epsilonZeta thetaIota thetaIota "
        + "kappaLambda kappaLambda onceOnly";
    assertThat(TechnicalKeywords.extract(text, 100)).hasSize(5).doesNotContain("onceOnly");
    assertThat(TechnicalKeywords.extract("onceOnly alphaBeta alphaBeta", 100)).containsExactly("alphaBeta", "onceOnly");
  }

  @Test
  void plainEnglishFileNamesUrlsAcronymsAndQuotedProseAreNotKeywords() {
    String text =
        "The user said This is fine, e.g. see https://example.com/Some.Path and README.md. TODO: the API, "
            + "`block is being passed as an argument`, escaped \\nRun and \\nFix.";
    assertThat(TechnicalKeywords.extract(text, 100)).isEmpty();
  }

  @Test
  void mostFrequentComeFirstAndTheLimitHolds() {
    List<String> k = TechnicalKeywords.extract("alphaBeta gammaDelta gammaDelta epsilonZeta gammaDelta epsilonZeta", 2);
    assertThat(k).containsExactly("gammaDelta", "epsilonZeta");
  }

  @Test
  void namesCountByShapeOrByBeingCalled() {
    assertThat(TechnicalKeywords.isKeyword("JSON", false)).isFalse();
    assertThat(TechnicalKeywords.isKeyword("APIs", false)).isFalse();
    assertThat(TechnicalKeywords.isKeyword("JSONParser", false)).isTrue();
    assertThat(TechnicalKeywords.isKeyword("a_b", false)).isTrue();
    assertThat(TechnicalKeywords.isKeyword("ab", true)).isFalse();
    assertThat(TechnicalKeywords.isKeyword("word", true)).isTrue();
    assertThat(TechnicalKeywords.isKeyword("word", false)).isFalse();
    assertThat(TechnicalKeywords.isKeyword("Foo.java", false)).isFalse();
  }

  @Property(tries = 200)
  void anyTextYieldsAtMostTheLimit(@ForAll String text) {
    assertThat(TechnicalKeywords.extract(text, 5)).hasSizeLessThanOrEqualTo(5).doesNotContainNull();
  }
}
