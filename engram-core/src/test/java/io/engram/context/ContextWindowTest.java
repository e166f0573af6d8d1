package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.ContextSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextWindowTest {
  private static final ContextSettings S = ContextSettings.DEFAULTS;

  @Test
  void levelsChangeStrictlyAboveTheirThresholds() {
    ContextWindow w = ContextWindow.forModel("claude-opus-4-6", S);
    assertThat(w.windowTokens()).isEqualTo(200_000);
    assertThat(w.level(120_000)).isEqualTo(ContextLevel.NORMAL);
    assertThat(w.level(120_001)).isEqualTo(ContextLevel.WARNING);
    assertThat(w.level(160_000)).isEqualTo(ContextLevel.WARNING);
    assertThat(w.level(160_001)).isEqualTo(ContextLevel.URGENT);
    assertThat(w.level(184_001)).isEqualTo(ContextLevel.CRITICAL);
    assertThat(w.level(184_001).compactsAutomatically()).isTrue();
    assertThat(w.free(250_000)).isZero();
    assertThat(w.free(50_000)).isEqualTo(150_000);
  }

  @Test
  void oneMillionVariantsAndPrefixesAreLookedUp() {
    assertThat(ContextWindow.forModel("claude-sonnet-4-5[1m]", S).windowTokens()).isEqualTo(1_000_000);
    ContextSettings custom = new ContextSettings(
        100_000, Map.of("gpt-4o", 128_000, "gpt-4o-mini", 64_000), 0.6, 0.8, 0.92, 0.05, 0.2, 0.45, 0.3,
        1.0, Map.of(), ContextSettings.TurnsLeft.DEFAULTS);
    assertThat(ContextWindow.forModel("gpt-4o-mini-2024", custom).windowTokens()).isEqualTo(64_000);
    assertThat(ContextWindow.forModel("gpt-4o-2024", custom).windowTokens()).isEqualTo(128_000);
    assertThat(ContextWindow.forModel("llama3", custom).windowTokens()).isEqualTo(100_000);
  }

  @Test
  void aWindowMustHaveAPositiveSize() {
    assertThatThrownBy(() -> new ContextWindow("m", 0, S)).isInstanceOf(IllegalArgumentException.class);
  }
}
