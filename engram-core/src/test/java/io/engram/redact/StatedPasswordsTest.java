package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A value stated as a password in words is redacted whole, whatever it is made of: a plain word ("letmein", and in
 * Chinese, Japanese, Korean, German, French and Spanish prose), digits set off after 密码, Chinese characters with
 * digits, and a trailing "!" that is part of it. The marker stays visible.
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
      "数据库密码是 hunter2xyz|hunter2xyz|数据库密码是 [REDACTED:password]",
      "密码：Abc12345!|Abc12345!|密码：[REDACTED:password]",
      "数据库密码是 sunshine|sunshine|数据库密码是 [REDACTED:password]",
      "数据库密码是sunshine|sunshine|数据库密码是[REDACTED:password]",
      "路由器的管理口令是 bluebird，别外传|bluebird|路由器的管理口令是 [REDACTED:password]，别外传",
      "ルーターのパスワードは sunflower です|sunflower|ルーターのパスワードは [REDACTED:password] です",
      "パスワードを moonstone に変更しました|moonstone|パスワードを [REDACTED:password] に変更しました",
      "와이파이 비밀번호는 moonlight|moonlight|와이파이 비밀번호는 [REDACTED:password]",
      "Das WLAN-Passwort ist sonnenschein|sonnenschein|Das WLAN-Passwort ist [REDACTED:password]",
      "le mot de passe du routeur est papillon|papillon|le mot de passe du routeur est [REDACTED:password]",
      "la contraseña del wifi es girasol|girasol|la contraseña del wifi es [REDACTED:password]",
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
      "数据库密码是 bcrypt 加密后存的",
      "密码是 hashed 的，看不到原文",
      "密码是 keychain 里的那个",
      "パスワードは bcrypt でハッシュ化しています",
      "パスワードは required です",
      "Das Passwort ist falsch",
      "Das Passwort ist abgelaufen",
      "Das Passwort ist zwölf Zeichen lang",
      "le mot de passe est obligatoire",
      "le mot de passe est chiffré",
      "la contraseña es obligatoria",
      "la contraseña es demasiado corta",
      "the token is sunshine",
      "la clave es sencilla",
  })
  void wordsAboutAPasswordAreLeftAlone(String note) {
    assertThat(REDACTOR.redact(note).text()).isEqualTo(note);
  }
}
