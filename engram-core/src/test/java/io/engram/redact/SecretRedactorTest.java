package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class SecretRedactorTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();
  private static final Pattern RANDOM_RUN = Pattern.compile("[A-Za-z0-9_/+-]{16,}");

  static Stream<String[]> positives() throws IOException {
    return lines("positives.tsv").stream().map(l -> l.split("\t", 2));
  }

  static Stream<String> negatives() throws IOException {
    return lines("negatives.txt").stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("positives")
  void everyPositiveSampleIsRedactedAsItsKind(String kind, String sample) {
    Redaction r = REDACTOR.redact(sample);
    assertThat(r.kinds()).extracting(SecretKind::label).contains(kind);
    assertThat(r.changed()).isTrue();
    Matcher m = RANDOM_RUN.matcher(sample);
    while (m.find()) {
      String run = m.group();
      boolean mixed = run.chars().anyMatch(Character::isDigit) && run.chars().anyMatch(Character::isUpperCase)
          && run.chars().anyMatch(Character::isLowerCase);
      if (mixed) {
        assertThat(r.text()).as("random-looking run left in %s", r.text()).doesNotContain(run);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("negatives")
  void everyNegativeSampleIsLeftAlone(String sample) {
    Redaction r = REDACTOR.redact(sample);
    assertThat(r.text()).isEqualTo(sample);
    assertThat(r.kinds()).isEmpty();
    assertThat(r.count()).isZero();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("positives")
  void redactingTwiceChangesNothingMore(String kind, String sample) {
    String once = REDACTOR.redact(sample).text();
    Redaction twice = REDACTOR.redact(once);
    assertThat(twice.text()).isEqualTo(once);
    assertThat(twice.changed()).isFalse();
  }

  @Test
  void privateKeyBlocksAreRedactedWhole() {
    String text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n"
        + "AAAAMwAAAAtzc2gtZWQyNTUxOQAAACDx\n-----END OPENSSH PRIVATE KEY-----\nafter";
    Redaction r = REDACTOR.redact(text);
    assertThat(r.text()).isEqualTo("key:\n[REDACTED:private-key]\nafter");
    assertThat(r.kinds()).containsExactly(SecretKind.PRIVATE_KEY);
  }

  @Test
  void aPrivateKeyAcrossTheCutOfATailIsRedactedWhole() {
    String key = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n".repeat(40)
        + "-----END OPENSSH PRIVATE KEY-----";
    String text = "words before ".repeat(100) + key + "\nthe last words";

    String tail = REDACTOR.tail(text, 100);

    assertThat(tail).endsWith("[REDACTED:private-key]\nthe last words").doesNotContain("bm9uZQ");
    assertThat(REDACTOR.tail("short", 100)).isEqualTo("short");
  }

  @Test
  void anUnterminatedPrivateKeyIsRedactedToTheEnd() {
    Redaction r = REDACTOR.redact("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7\nstill key");
    assertThat(r.text()).isEqualTo("[REDACTED:private-key]");
  }

  @Test
  void privateSpansAreDroppedWithoutAMarker() {
    Redaction r = REDACTOR.redact("a <private>x\ny</private>b <PRIVATE>z</PRIVATE> c");
    assertThat(r.text()).isEqualTo("a b  c");
    assertThat(r.kinds()).containsExactly(SecretKind.PRIVATE_SPAN);
    assertThat(r.count()).isEqualTo(2);
  }

  @Test
  void anUnclosedPrivateSpanDropsTheRestOfTheText() {
    assertThat(REDACTOR.redact("keep <private>drop all of this").text()).isEqualTo("keep ");
  }

  @Test
  void connectionStringsKeepTheirShapeButNotThePassword() {
    Redaction r = REDACTOR.redact("postgres://app:pa55word@db:5432/app");
    assertThat(r.text()).isEqualTo("postgres://app:[REDACTED:connection-password]@db:5432/app");
  }

  @Test
  void kindsAreListedOnceInOrderOfFirstOccurrence() {
    Redaction r = REDACTOR.redact("password=abc123 and password=def456 and AKIAABCDEFGHIJKLMNOP");
    assertThat(r.kinds()).containsExactly(SecretKind.PASSWORD_ASSIGNMENT, SecretKind.AWS_ACCESS_KEY);
    assertThat(r.count()).isEqualTo(3);
  }

  @Test
  void secretsAnywhereInALongTextAreFound() {
    String filler = "an ordinary line about tokens, keys and passwords in prose\n".repeat(500);
    String text = "password=first1\n" + filler + "api_key = mid-dle-42\n" + filler + "token: last-one-9";
    Redaction r = REDACTOR.redact(text);
    assertThat(r.count()).isEqualTo(3);
    assertThat(r.text()).doesNotContain("first1", "mid-dle-42", "last-one-9")
        .startsWith("password=[REDACTED:password]\n").endsWith("token: [REDACTED:password]");
  }

  @Test
  void aValueOnTheNextLineIsNotTakenForTheAssignment() {
    assertThat(REDACTOR.redact("password:\n  see the vault for details").changed()).isFalse();
  }

  private static List<String> lines(String resource) throws IOException {
    try (InputStream in = SecretRedactorTest.class.getResourceAsStream("/redact/" + resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }
  }
}
