package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Which language a sentence is read in: total on any text, and English words never read as another language. */
class CorrectionLanguagesPropertiesTest {
  private static final List<String> ENGLISH = List.of("don't", "use", "the", "npm", "for", "builds", "always", "run",
      "tests", "before", "you", "commit", "never", "push", "to", "main", "because", "it", "breaks", "ci", "a", "la",
      "de", "no", "es", "die", "con", "pas", "le", "des");

  @Property(tries = 300)
  void anySentenceIsReadInOneKnownLanguageAndCorrectionsNeverThrow(@ForAll("texts") String text) {
    assertThat(CorrectionClauses.languages()).contains(CorrectionClauses.of(text));
    CorrectionClauses.isCore(text);
    CorrectionClauses.hasReason(text);
    CorrectionClauses.hasAlternative(text);
    Intents.holdsOn(text);
  }

  @Property(tries = 300)
  void aSentenceOfMostlyEnglishWordsStaysEnglish(@ForAll("english") List<String> words) {
    long english = words.stream().filter(w -> List.of("the", "for", "you", "to", "it", "don't", "never", "always")
        .contains(w)).count();
    long other = words.stream().filter(w -> List.of("la", "de", "no", "es", "die", "con", "pas", "le", "des")
        .contains(w)).count();
    String sentence = String.join(" ", words);
    if (english > other) {
      assertThat(CorrectionClauses.of(sentence).id()).as(sentence).isEqualTo("en");
    }
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(200),
        Arbitraries.strings().withChars("ないでくださいやめ지마не используй ĐừngnãoNe pas kein 。、,.!?").ofMaxLength(80));
  }

  @Provide
  Arbitrary<List<String>> english() {
    return Arbitraries.of(ENGLISH).list().ofMinSize(1).ofMaxSize(14);
  }
}
