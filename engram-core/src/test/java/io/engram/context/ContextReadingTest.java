package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ContextSettings;
import io.engram.testing.GrowingTranscript;
import io.engram.testing.TranscriptBuilder;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContextReadingTest {
  private static final ContextSettings S = ContextSettings.DEFAULTS;
  @TempDir Path dir;

  @Test
  void theSizeIsTheLastRecordedRequestAndEachTurnGrowsByTheDifference() throws IOException {
    GrowingTranscript session = new GrowingTranscript("s1", "claude-sonnet-4-5", 20_000, 4_000);
    for (int i = 0; i < 6; i++) {
      session.turn();
    }
    ContextReading reading = ContextReading.of(TranscriptReader.read(session.write(dir.resolve("t.jsonl"))), S);
    assertThat(reading.tokens()).isEqualTo(session.tokensNow()).isEqualTo(40_500);
    assertThat(reading.measured()).isTrue();
    assertThat(reading.window().windowTokens()).isEqualTo(200_000);
    // The first turn starts before anything was measured: it is left out rather than mixed with an estimate.
    assertThat(reading.turnGrowth()).containsExactly(4_000L, 4_000L, 4_000L, 4_000L, 4_000L);
    assertThat(reading.segment()).isZero();
  }

  @Test
  void onlyTheSegmentAfterTheLastCompactionCounts() throws IOException {
    GrowingTranscript session = new GrowingTranscript("s1", "claude-sonnet-4-5", 20_000, 4_000);
    session.growPast(0.9, 200_000).compacted(30_000).turn().turn();
    ContextReading reading = ContextReading.of(TranscriptReader.read(session.write(dir.resolve("t.jsonl"))), S);
    assertThat(reading.segment()).isEqualTo(1);
    assertThat(reading.tokens()).isEqualTo(34_500);
    assertThat(reading.level()).isEqualTo(ContextLevel.NORMAL);
  }

  @Test
  void withoutRecordedUsageTheSegmentIsEstimated() {
    ContextReading reading = ContextReading.of(new TranscriptBuilder("s").user("one two three")
        .assistant("four five").user("six").build(), new ContextWindow("m", 1_000, S),
        text -> text.isBlank() ? 0 : text.strip().split("\\s+").length);
    assertThat(reading.measured()).isFalse();
    assertThat(reading.tokens()).isEqualTo(6);
    assertThat(reading.turnGrowth()).containsExactly(5L, 1L);
  }
}
