package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The redactor alone on the secrets contract's corpus ({@link ContractSecrets}): no secret, nor any run of twelve of
 * its characters, is left in its case's text, and each case says where a secret was taken out. The command line's
 * {@code SecretsContractTest} drives the same corpus through every surface that writes.
 */
class ContractSecretsRedactionTest {
  @Test
  void everySecretOfTheContractIsTakenOutAndMarked() {
    List<String> missed = new ArrayList<>();
    for (SecretCorpus.SecretCase c : ContractSecrets.cases()) {
      String out = SecretRedactor.standard().redact(c.text()).text();
      for (String secret : c.secrets()) {
        if (ContractSecrets.needles(secret).stream().anyMatch(out::contains)) {
          missed.add(c.family() + ": " + secret + " in " + out.replace('\n', '|'));
        }
      }
      if (!out.contains("[REDACTED")) {
        missed.add(c.family() + ": no marker in " + out.replace('\n', '|'));
      }
    }
    assertThat(missed).isEmpty();
  }

  @Test
  void aValueAfterChineseWordsAndAColonIsTakenWithoutTheWords() {
    String value = "Hq72kLmz" + "9PxQw83nZr5Tb"; // built here, so that no scanner reads the repository's text as a key
    assertThat(SecretRedactor.standard().redact("Token 放在这：" + value).text()).isEqualTo("Token 放在这：[REDACTED:password]");
    assertThat(SecretRedactor.standard().redact("这是 token：" + value).text()).isEqualTo("这是 token：[REDACTED:password]");
    assertThat(SecretRedactor.standard().redact("Token 放在这：见 1Password").text()).isEqualTo("Token 放在这：见 1Password");
  }

  @Test
  void theCorpusBuildsItsSecretsTheSameWayEachTime() {
    assertThat(ContractSecrets.cases()).isEqualTo(ContractSecrets.cases()).hasSizeGreaterThanOrEqualTo(50);
    assertThat(ContractSecrets.needles("0123456789abcdefghij"))
        .containsExactly("0123456789ab", "6789abcdefgh", "456789abcdefghij".substring(4));
  }
}
