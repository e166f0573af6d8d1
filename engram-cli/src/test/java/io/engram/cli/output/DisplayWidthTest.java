package io.engram.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DisplayWidthTest {
  @Test
  void wideCharactersTakeTwoColumnsAndCombiningMarksNone() {
    assertThat(DisplayWidth.of("deploy")).isEqualTo(6);
    assertThat(DisplayWidth.of("代码风格")).isEqualTo(8);
    assertThat(DisplayWidth.of("ｆｕｌｌ")).isEqualTo(8);
    assertThat(DisplayWidth.of("e\u0301")).isEqualTo(1);
    assertThat(DisplayWidth.of("😀")).isEqualTo(2);
  }

  @Test
  void paddingFillsToTheColumnsAndNeverCuts() {
    assertThat(DisplayWidth.padded("代码", 6)).isEqualTo("代码  ");
    assertThat(DisplayWidth.padded("deploy-notes", 4)).isEqualTo("deploy-notes");
  }
}
