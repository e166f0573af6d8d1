package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the rules added for the secrets contract's corpus must leave alone: their look-alikes that are no secret. */
class LookAlikesOfTheContractTest {
  private static String redacted(String text) {
    return SecretRedactor.standard().redact(text).text();
  }

  @Test
  void aBase64CertificateBlockIsPublicAndKept() {
    String ca = "    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=";
    assertThat(redacted(ca)).isEqualTo(ca);
  }

  @Test
  void aQualifiedNameAfterTokenIsNoBootstrapToken() {
    assertThat(redacted("token: config.accesstokenvalue")).isEqualTo("token: config.accesstokenvalue");
    assertThat(redacted("see module.configurations1234 for the token")).doesNotContain("[REDACTED");
  }

  @Test
  void aStringThatEndsWithTheNameInCodeIsNoJsonKey() {
    String code = "String line = \"password=\" + password;";
    assertThat(redacted(code)).isEqualTo(code);
  }

  @Test
  void aWordOrAnIdentifierUsedAsAKeyIsNoSecret() {
    for (String s : new String[] {"use userId as the key", "use the email as the key", "use sha256 as the key",
        "use HS256 as the secret algorithm", "use JWT_SECRET as the secret", "use localStorage as the token store"}) {
      assertThat(redacted(s)).isEqualTo(s);
    }
  }

  @Test
  void aCountOfTokensBeforeAColonIsNoValueInTheScript() {
    String s = "解码阶段生成的 token 数量**：`max_tokens=128`，每个 token 都要跑一次前向";
    assertThat(redacted(s)).isEqualTo(s);
  }

  @Test
  void aProviderPrefixInsideALongerWordIsNoToken() {
    assertThat(redacted("the helper is named ghp_helper_functions.py")).isEqualTo("the helper is named ghp_helper_functions.py");
  }
}
