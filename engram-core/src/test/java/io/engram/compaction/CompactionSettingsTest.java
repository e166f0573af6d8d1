package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import org.junit.jupiter.api.Test;

class CompactionSettingsTest {

  @Test
  void defaultsCarryTheSpecNumbers() {
    CompactionSettings c = CompactionSettings.DEFAULTS;
    assertThat(c.weightSections() + c.weightKeyInfo() + c.weightContinuity() + c.weightCompression())
        .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(c.passScore()).isEqualTo(80);
    assertThat(c.retryScore()).isEqualTo(70);
    assertThat(c.truncateKeepShare()).isEqualTo(0.30);
    assertThat(c.maxRestoredFiles()).isEqualTo(19);
    assertThat(c.maxRestoredFileTokens()).isEqualTo(8_000);
  }

  @Test
  void ladderAndMatchingSettingsOverlayFromTheSettingsFile() {
    EngramSettings s =
        SettingsLoader.parse(
            "{\"compaction\":{\"maxRecompactions\":1,\"severeLossShare\":0.7,\"fuzzyMatchShare\":0.8,"
                + "\"maxTechnicalKeywords\":10}}",
            "settings.json");
    assertThat(s.compaction().maxRecompactions()).isEqualTo(1);
    assertThat(s.compaction().severeLossShare()).isEqualTo(0.7);
    assertThat(s.compaction().fuzzyMatchShare()).isEqualTo(0.8);
    assertThat(s.compaction().maxTechnicalKeywords()).isEqualTo(10);
    assertThat(s.compaction().passScore()).isEqualTo(80);
  }
}
