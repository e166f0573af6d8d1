package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SharedSecretsTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @Test
  void aNameCutInsideThePasswordItsBodyHoldsKeepsNoneOfIt() {
    List<Redaction> r = REDACTOR.redactTogether(List.of("the cache is redis://:b7ZoaT2e691dQ3",
        "the cache is redis://:b7ZoaT2e691dQ3unvsXq81Lm@cache.internal:6379/0"));
    assertThat(r.get(0).text()).isEqualTo("the cache is redis://:[REDACTED:connection-password]");
    assertThat(r.get(1).text()).doesNotContain("b7ZoaT2e");
  }

  @Test
  void aCopyCutShortAndClippedWithAnEllipsisIsTakenOut() {
    List<Redaction> r = REDACTOR.redactTogether(List.of("DB_PASSWORD=Qm3vX81kTz…",
        "DB_PASSWORD=Qm3vX81kTz9pLw2 in the staging .env"));
    assertThat(r.get(0).text()).doesNotContain("Qm3vX81k").contains("[REDACTED:");
  }

  @Test
  void aRunThatGoesOnPastWhereTheSecretDiffersIsLeftAlone() {
    // the same first characters, then a word of its own: not a copy of the secret
    List<Redaction> r = REDACTOR.redactTogether(List.of("see https://hooks.example.com/docs and Qm3vX81kTzAbout",
        "DB_PASSWORD=Qm3vX81kTz9pLw2"));
    assertThat(r.get(0).text()).isEqualTo("see https://hooks.example.com/docs and Qm3vX81kTzAbout");
  }

  @Test
  void aShortSecretsStartIsNotTakenForACutCopy() {
    List<Redaction> r = REDACTOR.redactTogether(List.of("the admin panel", "login admin, password admin123!"));
    assertThat(r.get(0).text()).isEqualTo("the admin panel");
  }
}
