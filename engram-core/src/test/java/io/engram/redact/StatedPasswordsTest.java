package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A value stated as a password in words is redacted whole, whatever it is made of: a plain word ("letmein"), digits
 * set off after 密码, Chinese characters with digits, and a trailing "!" that is part of it. The marker stays visible.
 */
class StatedPasswordsTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "密码：天王盖地虎123|天王盖地虎123|密码：[REDACTED:password]",
      "wifi 密码 12345678|12345678|wifi 密码 [REDACTED:password]",
      "wifi 密码 天王盖地虎123|天王盖地虎123|wifi 密码 [REDACTED:password]",
      "the admin password is letmein|letmein|the admin password is [REDACTED:password]",
      "the admin password: letmein|letmein|the admin password: [REDACTED:password]",
      "the password for the router is sunshine.|sunshine|the password for the router is [REDACTED:password].",
      "the password is hunter2Secret!|hunter2Secret|the password is [REDACTED:password]",
      "the password is hunter2Secret! ask before using it|hunter2Secret|the password is [REDACTED:password] ask before using it",
      "the password is hunter2Secret.|hunter2Secret|the password is [REDACTED:password].",
  })
  void aValueStatedAsAPasswordIsRedactedWholeWithItsMarkerVisible(String text, String secret, String expected) {
    String out = REDACTOR.redact(text).text();

    assertThat(out).isEqualTo(expected).doesNotContain(secret).contains("[REDACTED:");
    assertThat(REDACTOR.redact(out).text()).isEqualTo(out);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "the password is required",
      "the password is wrong.",
      "the admin password is rotated every week",
      "the password is stored in the vault",
      "the default is password=admin? no, that was removed in 2.0",
      "PASSWORD=changeme!",
      "the token is valid",
      "密码：见 1Password",
      "口令：（问组长）",
      "密码：在1Password里",
      "密码策略：至少 12 位，包含数字和符号",
      "the tokenizer splits 密码 into two tokens",
      "密码 1111",
      "password: string;",
      "password: SecretStr",
  })
  void wordsAboutAPasswordAreLeftAlone(String note) {
    assertThat(REDACTOR.redact(note).text()).isEqualTo(note);
  }
}
