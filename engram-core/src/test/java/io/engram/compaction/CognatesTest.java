package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Words of a summary read across the languages written in Latin letters. */
class CognatesTest {

  private static Cognates of(String text) {
    return new Cognates(KeyMatcher.contentWords(text));
  }

  @Test
  void wordsSharedByDescentOrBorrowedAreHeldAcrossLanguages() {
    Cognates said = of("Create the authentication system, implement real-time notifications and optimize caching.");
    assertThat(List.of("autenticação", "notificações", "sistema", "Otimizar", "Créer", "Implementar"))
        .allMatch(said::holds);
  }

  @Test
  void wordsOfOtherMeaningOrOtherOpeningAreNot() {
    Cognates said = of("Create the sleep tracking pages and fix the playback of tracks.");
    assertThat(List.of("Sommeil", "Criar", "lecture", "atualizar", "desenvolvimento")).noneMatch(said::holds);
  }

  @Test
  void aShortWordIsHeldOnlyAsItIs() {
    assertThat(of("fix the error").holds("fixer")).isFalse();
    assertThat(of("add the page").holds("and")).isFalse();
    assertThat(of("fix the error").holds("fix")).isTrue();
  }

  @Test
  void accentsAndCaseAreTakenOff() {
    assertThat(Cognates.fold("Notificações")).isEqualTo("notificacoes");
    assertThat(of("Système de favoris").holds("systeme")).isTrue();
  }
}
