package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A secret's name and its value as two fields of one record, in XML, YAML, JSON and code. */
class NamedPairsTest {
  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "<add key=\"SmtpPassword\" value=\"Smtp-Xml-Pw8\" />|Smtp-Xml-Pw8",
      "<add value='Rev-Order-Pw3' key='DbPassword'/>|Rev-Order-Pw3",
      "<property name=\"hibernate.connection.password\" value=\"Hib-Xml-Pw-4\"/>|Hib-Xml-Pw-4",
      "<param name=\"apiToken\" value=\"Prm-Tkn-7781\"/>|Prm-Tkn-7781",
      "<entry key=\"jdbc.password\">Ent-Pw-5512</entry>|Ent-Pw-5512",
      "<env name=\"DB_PASSWORD\" value=\"Php-Unit-Pw9\"/>|Php-Unit-Pw9",
      "env:\\n- name: DB_PASSWORD\\n  value: K8s-Env-Pw-31|K8s-Env-Pw-31",
      "- name: API_TOKEN\\n  value: \"K8s-Tkn-Q7\"|K8s-Tkn-Q7",
      "{\"name\": \"DB_PASSWORD\", \"value\": \"Ecs-Env-Pw-6\"}|Ecs-Env-Pw-6",
      "{\"ParameterKey\": \"DbPassword\", \"ParameterValue\": \"Cfn-Pw-8812\"}|Cfn-Pw-8812",
      "{\"key\": \"api_secret\", \"value\": \"Pm-Env-Sec-4\", \"enabled\": true}|Pm-Env-Sec-4",
      "define( 'DB_PASSWORD', 'Wp-Cfg-Db-58' );|Wp-Cfg-Db-58",
      "Map.of(\"password\", \"Map-Of-Pw-72\")|Map-Of-Pw-72",
      "System.setProperty(\"javax.net.ssl.trustStorePassword\", \"Ts-Pw-9901\");|Ts-Pw-9901"})
  void aValueWhoseRecordNamesASecretIsRedacted(String text, String secret) {
    String out = REDACTOR.redact(text.replace("\\n", "\n")).text();
    assertThat(out).doesNotContain(secret).contains("[REDACTED:");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "<add key=\"SmtpPassword\" value=\"\" />",
      "<add key=\"PasswordMinLength\" value=\"12\" />",
      "<add key=\"ApiKeyHeader\" value=\"X-Api-Key\" />",
      "<add key=\"SmtpHost\" value=\"smtp.example.com\" />",
      "<property name=\"hibernate.connection.password\" value=\"${db.password}\"/>",
      "<property name=\"hibernate.connection.username\" value=\"app\"/>",
      "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: password}",
      "- name: DB_PASSWORD\n  value: $(DB_PASSWORD_FROM_FILE)",
      "{\"name\": \"DB_PASSWORD\", \"value\": \"<set in the console>\"}",
      "{\"name\": \"TOKEN_TTL\", \"value\": \"3600\"}",
      "getenv(\"DB_PASSWORD\", \"\")",
      "env('DB_PASSWORD', 'secret')",
      "mockMvc.perform(post(\"/login\").param(\"username\", \"u\").param(\"password\", \"p\"))",
      "labels.put(\"password\", \"Password\");",
      "headers.set(\"X-Api-Key\", API_KEY);"})
  void aRecordWithoutASecretValueIsLeftAlone(String text) {
    assertThat(REDACTOR.redact(text).text()).isEqualTo(text);
  }
}
