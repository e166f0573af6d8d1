package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLoaderTest {

  @Test
  void missingFileGivesTheDefaults(@TempDir Path home) {
    assertThat(SettingsLoader.load(home)).isEqualTo(EngramSettings.DEFAULTS);
  }

  @Test
  void defaultsCarryTheSpecNumbers() {
    EngramSettings d = EngramSettings.DEFAULTS;
    assertThat(d.recall().filesPerTurn()).isEqualTo(5);
    assertThat(d.recall().bytesPerSession()).isEqualTo(60 * 1024);
    assertThat(d.context().criticalRatio()).isEqualTo(0.92);
    assertThat(d.dream().minSessions()).isEqualTo(5);
    assertThat(d.notes().startTokens()).isEqualTo(10_000);
    assertThat(d.instructions().maxImportHops()).isEqualTo(5);
  }

  @Test
  void overlayChangesOnlyWhatItNames() {
    EngramSettings s = SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":8}}", "test");
    assertThat(s.recall().filesPerTurn()).isEqualTo(8);
    assertThat(s.recall().bytesPerFile()).isEqualTo(EngramSettings.DEFAULTS.recall().bytesPerFile());
    assertThat(s.memory()).isEqualTo(EngramSettings.DEFAULTS.memory());
  }

  @Test
  void modelWindowsMergeKeyByKey() {
    EngramSettings s =
        SettingsLoader.parse("{\"context\":{\"modelWindows\":{\"my-model\":32000}}}", "test");
    assertThat(s.context().modelWindows())
        .containsEntry("my-model", 32_000)
        .containsEntry("claude-sonnet-4-5[1m]", 1_000_000);
  }

  @Test
  void unknownKeyIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurm\":8}}", "settings.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("settings.json")
        .hasMessageContaining("filesPerTurm");
  }

  @Test
  void wrongTypeIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"notes\":{\"startTokens\":\"many\"}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("notes.startTokens");
  }

  @Test
  void malformedJsonIsAnError(@TempDir Path home) throws Exception {
    Files.writeString(home.resolve(SettingsLoader.FILE_NAME), "{ nope");
    assertThatThrownBy(() -> SettingsLoader.load(home))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining(SettingsLoader.FILE_NAME);
  }

  @Test
  void enumLayoutIsReadByName() {
    EngramSettings s = SettingsLoader.parse("{\"memory\":{\"layout\":\"CLAUDE_CODE\"}}", "t");
    assertThat(s.memory().layout()).isEqualTo(EngramSettings.Layout.CLAUDE_CODE);
  }
}
