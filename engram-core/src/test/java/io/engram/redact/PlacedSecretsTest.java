package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Secrets found by where they are placed rather than by a name beside them: on the line after a label, in a table's
 * column, as a call's argument, in a database's statement, in a URL's query or after a webhook's segment, in base64
 * of readable text; and text placed the same way that holds none (references, placeholders, public keys, ids).
 * {@code \n} in a case stands for a line break.
 */
class PlacedSecretsTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", value = {
      "the wifi password is:\\n\\nKq7-Wave-Lime => Kq7-Wave-Lime",
      "Password\\nRv-Form-8812 => Rv-Form-8812",
      "cache:\\n  password: |\\n    Blk-Cache-2290 => Blk-Cache-2290",
      "\"token\":\\n  \"Tk9-Next-Line-44\" => Tk9-Next-Line-44",
      "预发库密码如下：\\nYf-Db-5531 => Yf-Db-5531",
      "| host | password |\\n|---|---|\\n| db1 | Col-Db1-Pw7 | => Col-Db1-Pw7",
      "Remember this: <password>\\n  Xml-Note-Pw-5\\n</password> => Xml-Note-Pw-5",
      "Keep these: | host | password |\\n|---|---|\\n| db2 | Col-Db2-Pw8 | => Col-Db2-Pw8",
      "user,pwd\\nops,Csv-Ops-Pw3 => Csv-Ops-Pw3",
      "conn = pymysql.connect(\"db\", \"report\", \"Py-Conn-Pw5\") => Py-Conn-Pw5",
      "new NetworkCredential(\"svc\", \"Cs-Net-Pw9\") => Cs-Net-Pw9",
      "httpx.get(url, auth=(\"bot\", \"Hx-Auth-Pw2\")) => Hx-Auth-Pw2",
      "CREATE ROLE etl LOGIN PASSWORD 'Etl-Role-Pw4'; => Etl-Role-Pw4",
      "GRANT ALL ON shop.* TO 'x'@'%'; ALTER USER 'x'@'%' IDENTIFIED BY 'Alt-My-Pw6'; => Alt-My-Pw6",
      "https://hooks.example.com/api/webhooks/998877/Wh9kTokQ2xZ8rLm4Np6Vb1 => Wh9kTokQ2xZ8rLm4Np6Vb1",
      "https://api.example.com/v1/feed?format=json&api_key=Qz81-Key-Param => Qz81-Key-Param",
      "db, _ := sql.Open(\"mysql\", \"app:Dsn-Go-Pw8@tcp(db:3306)/app\") => Dsn-Go-Pw8",
      "cmdkey /add:srv01 /user:svc /pass:Cmd-Key-Pw1 => Cmd-Key-Pw1",
      "het wachtwoord is Nl-Ww-Test-5 => Nl-Ww-Test-5",
      "用户名和密码都是 Zh-Both-Pw-7 => Zh-Both-Pw-7",
      "<tls-auth> -----BEGIN OpenVPN Static key V1----- 1f0e2d3c4b5a69788796a5b4c3d2e1f0 -----END OpenVPN Static key V1-----"
          + " => 1f0e2d3c4b5a69788796a5b4c3d2e1f0",
      "Authorization: Digest username=\"ops\", response=\"7f3c9a2b8d1e4f60a5b7c9d2e4f6a8b0\"\\nthe next line"
          + " => 7f3c9a2b8d1e4f60a5b7c9d2e4f6a8b0",
      "the private key of the test wallet is 0x8f2a0b5c7d1e3f4a6b9c0d2e4f6a8b1c3d5e7f9a0b1c2d3e4f5a6b7c8d9e0f1a => 0x8f2a0b5c7d1e3f4a6b9c0d2e4f6a8b1c3d5e7f9a0b1c2d3e4f5a6b7c8d9e0f1a"})
  void isRedacted(String text, String secret) {
    assertThat(REDACTOR.redact(text.replace("\\n", "\n")).text()).doesNotContain(secret);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "the wifi password is:\\n\\n(ask at the desk)",
      "Password\\nForgot it? Use the reset link",
      "cache:\\n  password: |\\n    ${CACHE_PASSWORD}",
      "secrets:\\n  DB_PASSWORD",
      "| host | password_set |\\n|---|---|\\n| db1 | Yes-2026-11 |",
      "| host | password |\\n|---|---|\\n| db1 | (in Vault) |",
      "client.get(\"/v1/users\", \"X-Request-Id\")",
      "pymysql.connect(host, user, os.environ[\"DB_PASSWORD\"])",
      "CREATE USER app WITH PASSWORD :'app_password';",
      "ALTER USER app VALID UNTIL '2027-01-01';",
      "https://shop.example.com/search?q=password+reset&page=2",
      "https://api.github.com/repos/acme/app/hooks/12345678",
      "export ANTHROPIC_API_KEY=sk-ant-...",
      "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "the contract lives at 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
      "-----BEGIN CERTIFICATE-----\\nMIIBszCCAVmgAwIBAgIUQ8Yx3kZ2m9Lr7Wn4Pb6Vc1Xd5TfAeQ0wCgYIKoZIzj0E\\n-----END CERTIFICATE-----",
      "-----BEGIN OPENSSH PRIVATE KEY-----\\n...\\n-----END OPENSSH PRIVATE KEY-----",
      "the hosted zone is Z3AADJGX6KTTL2",
      "echo aGVsbG8gZnJvbSB0aGUgcmVsZWFzZSBub3Rlcw== | base64 -d"})
  void isLeftAlone(String text) {
    String t = text.replace("\\n", "\n");
    assertThat(REDACTOR.redact(t).text()).isEqualTo(t);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", value = {
      "cache:\\n  password: |\\n    Blk-One-Line-3 => Blk-One-Line-3",
      "mysql -h db.acme.io \\\\n  -u root \\\\n  -pCont-One-Line-9 => Cont-One-Line-9"})
  void isRedactedBeforeItIsPutOnOneLine(String text, String secret) {
    String line = REDACTOR.oneLine(text.replace("\\n", "\n"));
    assertThat(line).doesNotContain(secret).doesNotContain("\n").contains("[REDACTED:");
  }
}
