package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which Latin-script language a text's function words fit. */
class LatinLanguageTest {

  private static java.util.Set<LatinLanguage> of(String text) {
    return LatinLanguage.of(Continuity.words(text).keySet());
  }

  @Test
  void eachLanguageIsReadFromItsFunctionWords() {
    assertThat(of("contunua, precisa achar outra maneira de resolver esse erro")).contains(LatinLanguage.PORTUGUESE);
    assertThat(of("Bitte prüfe noch einmal, ob der Build jetzt durchläuft und die Tests grün sind."))
        .containsExactly(LatinLanguage.GERMAN);
    assertThat(of("Je veux que les tests passent avant de faire la release, mais pas dans cette branche."))
        .containsExactly(LatinLanguage.FRENCH);
    assertThat(of("Puoi controllare anche questo file? Non sono sicuro che funzioni ancora.")).contains(
        LatinLanguage.ITALIAN);
  }

  @Test
  void englishAndTextsTooShortToTellAreInNone() {
    assertThat(of("Please check whether the build passes now and the tests are green.")).isEmpty();
    assertThat(of("cont fix")).isEmpty();
    assertThat(of("Deploy to github.com with the MIT licence, then die if it fails.")).isEmpty();
  }

  @Test
  void twoTextsDifferOnlyWhenTheFirstIsKnownToBeInALanguageTheSecondIsNot() {
    assertThat(LatinLanguage.differ(of("guarda na sua memória também"), of("Save it to memory as well."))).isTrue();
    assertThat(LatinLanguage.differ(of("Save it to memory as well."), of("guarda na sua memória também"))).isFalse();
    assertThat(LatinLanguage.differ(of("guarda isso na sua memória também"), of("a memória já tem isso também")))
        .isFalse();
  }
}
