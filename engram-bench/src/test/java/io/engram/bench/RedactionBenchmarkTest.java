package io.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import org.junit.jupiter.api.Test;

class RedactionBenchmarkTest {
  @Test
  void theBenchmarkTextHoldsSecretsOfEveryKindItPlantsAndTheBaselineFindsOnlyOne() {
    RedactionBenchmark bench = new RedactionBenchmark();
    bench.chars = 262_144;
    bench.writeText();
    Redaction r = bench.redactor();
    assertThat(r.kinds()).contains(SecretKind.OPENAI_KEY, SecretKind.PASSWORD_ASSIGNMENT,
        SecretKind.CONNECTION_STRING, SecretKind.BEARER_TOKEN);
    assertThat(r.text()).doesNotContain("hunter2", "s3cr3t", "sk-proj-a1B2");
    String baseline = bench.oneRuleBaseline();
    assertThat(baseline).doesNotContain("sk-proj-a1B2").contains("hunter2", "s3cr3t");
  }
}
