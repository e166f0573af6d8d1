package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ContextSettings;
import io.engram.config.EngramSettings;
import io.engram.testing.TestResources;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptPosition;
import io.engram.transcript.TranscriptReader;
import io.engram.transcript.TranscriptTail;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContextTallyTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"tool_heavy.jsonl", "subagent.jsonl", "short.jsonl"})
  void aTallyKeptOverPiecesReadsTheWindowAsAReadingOfTheWholeFile(String name) throws IOException {
    Path file = TestResources.path("transcripts/claude-code/" + name);
    Transcript whole = TranscriptReader.read(file);
    TokenCounter counter = JtokkitTokenCounter.forModel(ContextReading.modelOf(whole), EngramSettings.DEFAULTS.context());
    ContextWindow window = ContextWindow.forModel(ContextReading.modelOf(whole), EngramSettings.DEFAULTS.context());
    ContextReading expected = ContextReading.of(whole, window, counter);

    ContextTally tally = ContextTally.START;
    int pieces = 0;
    for (TranscriptPosition at = TranscriptPosition.START; ; pieces++) {
      TranscriptTail tail = TranscriptReader.readFrom(file, at, 8 * 1024);
      tally = tally.plus(tail.transcript(), counter);
      if (tail.bytesRead() == 0) {
        break;
      }
      at = tail.to();
    }
    ContextReading read = tally.reading(window);
    assertThat(pieces).isGreaterThan(1);
    assertThat(read.tokens()).isEqualTo(expected.tokens());
    assertThat(read.measured()).isEqualTo(expected.measured());
    assertThat(read.segment()).isEqualTo(expected.segment());
    assertThat(read.messages()).isEqualTo(expected.messages());
    assertThat(read.turnGrowth()).isEqualTo(last(expected.turnGrowth(), read.turnGrowth().size()));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void aCompactionStartsTheTallyAgainAndOnlyRecentTurnsAreKept(int compactions) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int c = 0; c < compactions; c++) {
      for (int i = 0; i < ContextSettings.TurnsLeft.TURNS_KEPT + 10; i++) {
        lines.append("{\"type\":\"user\",\"uuid\":\"u").append(c).append('-').append(i)
            .append("\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"step ").append(i).append("\"}}\n");
      }
      lines.append("{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"sessionId\":\"s\",\"uuid\":\"b").append(c)
          .append("\"}\n");
    }
    lines.append("{\"type\":\"user\",\"uuid\":\"last\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"go on\"}}\n");
    Path file = dir.resolve("t.jsonl");
    Files.writeString(file, lines);
    ContextTally tally = ContextTally.START.plus(TranscriptReader.read(file), EngramSettings.DEFAULTS.context());
    assertThat(tally.segment()).isEqualTo(compactions);
    assertThat(tally.starts()).hasSize(1);
    assertThat(tally.messages()).isEqualTo(compactions * (ContextSettings.TurnsLeft.TURNS_KEPT + 10) + 1);
    assertThat(tally.tokens()).isPositive();
  }

  @org.junit.jupiter.api.Test
  void onlyTheRecentTurnStartsAreKept() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < ContextSettings.TurnsLeft.TURNS_KEPT * 3; i++) {
      lines.append("{\"type\":\"user\",\"uuid\":\"u").append(i)
          .append("\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"step ").append(i).append("\"}}\n");
    }
    Path file = dir.resolve("long.jsonl");
    Files.writeString(file, lines);
    ContextTally tally = ContextTally.START.plus(TranscriptReader.read(file), EngramSettings.DEFAULTS.context());
    assertThat(tally.starts()).hasSize(ContextSettings.TurnsLeft.TURNS_KEPT);
    assertThat(tally.reading(EngramSettings.DEFAULTS.context()).turnGrowth()).hasSize(ContextSettings.TurnsLeft.TURNS_KEPT);
  }

  private static List<Long> last(List<Long> all, int n) {
    return all.subList(Math.max(0, all.size() - n), all.size());
  }
}
