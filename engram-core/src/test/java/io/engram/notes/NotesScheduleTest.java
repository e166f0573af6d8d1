package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.NotesSettings;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class NotesScheduleTest {
  private final NotesSchedule schedule = new NotesSchedule(NotesSettings.DEFAULTS);

  @Test
  void startsOnlyOnceTheContextHoldsTenThousandTokens() {
    assertThat(schedule.decide(9_999, OptionalLong.empty(), 50)).isEqualTo(NotesAction.WAIT);
    assertThat(schedule.decide(10_000, OptionalLong.empty(), 0)).isEqualTo(NotesAction.START);
  }

  @Test
  void updatesNeedBothFiveThousandTokensOfGrowthAndThreeToolCalls() {
    OptionalLong last = OptionalLong.of(12_000);
    assertThat(schedule.decide(17_000, last, 3)).isEqualTo(NotesAction.UPDATE);
    assertThat(schedule.decide(16_999, last, 10)).isEqualTo(NotesAction.WAIT);
    assertThat(schedule.decide(40_000, last, 2)).isEqualTo(NotesAction.WAIT);
  }

  @Test
  void aShrunkContextAfterCompactionWaits() {
    assertThat(schedule.decide(8_000, OptionalLong.of(150_000), 30)).isEqualTo(NotesAction.WAIT);
  }

  @Test
  void thresholdsComeFromSettings() {
    NotesSchedule s = new NotesSchedule(NotesSettings.DEFAULTS.with("startTokens", 100)
        .with("updateGrowthTokens", 50).with("updateToolCalls", 1));
    assertThat(s.decide(100, OptionalLong.empty(), 0)).isEqualTo(NotesAction.START);
    assertThat(s.decide(150, OptionalLong.of(100), 1)).isEqualTo(NotesAction.UPDATE);
  }

  @Test
  void negativeCountsAreRejected() {
    assertThatThrownBy(() -> schedule.decide(-1, OptionalLong.empty(), 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
