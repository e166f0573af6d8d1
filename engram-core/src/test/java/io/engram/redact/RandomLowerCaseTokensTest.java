package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A random token of lower-case letters and digits, without a provider's prefix or a name before it, is a secret
 * however many four-letter runs it holds by chance; identifiers that join words and numbers, commit hashes and UUIDs
 * are not.
 */
class RandomLowerCaseTokensTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  // Drawn at random from lower case and digits (40 characters, seed 42): each holds enough four-letter runs that
  // they read as words to the word-share test alone.
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"0daiszfch3c0yai6ygtr6507xj8wt4wmcf3xmzzm", "5lyjwg5u70ys5olrdtfzln44ajbzku3ce0lohz76",
      "pn4nusffg46f3zi6zbhcv4patiw7dcyz7mmb8ute"})
  void aRandomLowerCaseTokenInProseIsRedacted(String token) {
    Redaction r = REDACTOR.redact("the value was " + token + " today");

    assertThat(r.text()).doesNotContain(token).contains("the value was").contains("today");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "<meta name=\"msapplication-square70x70logo\" content=\"mstile-70x70.png\" />",
      "Compiling libsecp256k1-gen-genmult v0.3.0",
      "reverted 9f2c4e1b7a3d5f608e1c2b4a6d8f0e1c3b5a7d9f in the release branch",
      "request 3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b failed",
      "model claude-sonnet-4-5-20250929 answered",
      "kubectl logs api-7d9f8b6c5d-x2k4p"})
  void identifiersThatJoinWordsAndNumbersHashesAndUuidsStay(String text) {
    assertThat(REDACTOR.redact(text).text()).isEqualTo(text);
  }
}
