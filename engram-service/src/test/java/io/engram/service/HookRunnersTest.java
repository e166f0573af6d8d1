package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.config.SettingsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookRunnersTest {
  @TempDir Path home;
  @TempDir Path user;
  private HookRunners runners;

  private HookRunners runners() {
    runners = new HookRunners(home, user, Map.of(), line -> {});
    return runners;
  }

  @AfterEach
  void close() {
    if (runners != null) {
      runners.close();
    }
  }

  @Test
  void aRewriteOfTheSameSizeAndTimeIsStillSeen() throws Exception {
    Path file = home.resolve("settings.json");
    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 3}}");
    FileTime stamp = Files.getLastModifiedTime(file);
    HookRunners r = runners();
    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(3);

    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 4}}");
    Files.setLastModifiedTime(file, stamp);

    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(4);
  }

  @Test
  void aRemovedFileMeansTheDefaultsAndABrokenOneIsAnErrorThatNamesIt() throws Exception {
    Path file = home.resolve("settings.json");
    Files.writeString(file, "{\"recall\": {\"filesPerTurn\": 3}}");
    HookRunners r = runners();
    assertThat(r.settings().recall().filesPerTurn()).isEqualTo(3);

    Files.delete(file);
    assertThat(r.settings()).isEqualTo(EngramSettings.DEFAULTS);

    Files.writeString(file, "{\"recall\": ");
    assertThatThrownBy(r::settings).isInstanceOf(SettingsException.class).hasMessageContaining(file.toString());
  }
}
