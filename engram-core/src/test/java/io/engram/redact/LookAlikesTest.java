package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordinary technical text that looks like a secret (resource names, digests, encoded text, placeholders, prose about
 * a secret's attributes or where it is kept) and secrets said the way that text is (a PIN after its noun, "the pass
 * is", an English noun in Chinese prose, a user and password after "log into").
 */
class LookAlikesTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "pod api-7d9f8b6c5d-x2k4p keeps restarting with OOMKilled",
      "the EC2 instance is i-0f1e2d3c4b5a69788 in subnet-0a1b2c3d4e5f6a7b8",
      "security group sg-0123456789abcdef0 allows 443 only",
      "the CI cache key is deps-linux-7c2e91f0a4b3d5e6f7a8b9c0d1e2f3a4b5c6d7e8",
      "go.sum line: golang.org/x/net v0.21.0 h1:AQyQV4dYCvJ7vGmJyKki9+PBdyvhkSd8EIx/qb0AYv4=",
      "Content-MD5: Q2hlY2sgSW50ZWdyaXR5IQ==",
      "x-amz-checksum-sha256: n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=",
      "the JWT header eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9 just says RS256",
      "use --password=X, where X is the password you were given",
      "the --password flag of mysql takes no separate value; write --password=X or be asked",
      "apiKey: process.env.API_KEY,",
      "existingSecret: postgres-auth",
      "SECRET_ROTATION_DAYS=90",
      "the password is wrong: the log says \"authentication failed for user app\".",
      "the secret's name is db-credentials and its keys are username and password",
      "パスワードは1Passwordに保存してあります",
      "비밀번호는 1Password에 저장돼 있어요",
      "the default PIN 0000 must be changed on first use",
      "the first pass is slower than the second",
      "tokenizer 是 bert-base-chinese",
      "the password is in the vault, ask ops",
      "the token is the same as before, renewed weekly"})
  void isLeftAlone(String text) {
    assertThat(REDACTOR.redact(text).text()).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "For the demo laptop use PIN 582914|582914",
      "btw the jenkins admin login is admin and the pass is Jnk-Adm-Ps-77|Jnk-Adm-Ps-77",
      "you can log into grafana with viewer/Grf-View-550|Grf-View-550",
      "our recovery code for the org account: 7h2k-9m4p-3x8q|7h2k-9m4p-3x8q",
      "把 Jenkins 的 token 改成了 Zh-Jnk-Tkn-55|Zh-Jnk-Tkn-55",
      "对象存储的 SecretKey 是 Zh-Oss-Sk-7731|Zh-Oss-Sk-7731",
      "本番の API key は Jp-Api-Brw-31 です|Jp-Api-Brw-31",
      "redis-cli -h 10.0.0.5 AUTH default Rds-Auth-Cmd9|Rds-Auth-Cmd9",
      "mosquitto_pub -h broker -u sensor -P Mqtt-Snsr-31 -t temp -m 21|Mqtt-Snsr-31",
      "ssh-keygen -t ed25519 -N 'Kgen Phrase 61' -f ~/.ssh/deploy|Kgen Phrase 61",
      "echo dXNlcjpQYTU1dzByZC1Ba2lsbGVz | base64 -d|dXNlcjpQYTU1dzByZC1Ba2lsbGVz",
      "the password to the VPN is the same as before, Vpn-Same-4455|Vpn-Same-4455",
      "暗証番号は 8841 ではなく 907163 です|907163",
      "密码不是 Old-Pw-11 而是 New-Pw-22|New-Pw-22"})
  void isRedacted(String text, String secret) {
    assertThat(REDACTOR.redact(text).text()).doesNotContain(secret);
  }
}
