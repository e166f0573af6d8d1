package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenCorrectionSettingsTest {

  @Test
  void aModelCorrectionIsAddedWithoutDroppingTheFittedDefaults() {
    EngramSettings s = SettingsLoader.parse(
        "{\"context\": {\"tokenCorrection\": 1.1, \"modelTokenCorrections\": {\"llama3\": 1.05}}}", "test");
    assertThat(s.context().tokenCorrection()).isEqualTo(1.1);
    assertThat(s.context().modelTokenCorrections())
        .containsEntry("llama3", 1.05).containsEntry("claude-opus-4-6", 1.23).containsEntry("claude-haiku-4-5", 1.64);
  }

  @Test
  void aCorrectionOfTheWrongTypeNamesTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\": {\"tokenCorrection\": \"big\"}}", "test"))
        .hasMessageContaining("tokenCorrection");
  }
}
