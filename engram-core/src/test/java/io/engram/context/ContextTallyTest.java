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

  @org.junit.jupiter.api.Test
  void toolOutputBetweenRecordedUsagesIsNeverCountedYetTheReadingIsTheWholeFiles() throws IOException {
    // Each turn: a prompt, a call with its recorded usage, a long tool result, the answer with its recorded usage.
    // The result's estimate is reset by the answer's usage before anything reads it, so counting it is wasted work.
    String output = "line of tool output ".repeat(500);
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      lines.append("{\"type\":\"user\",\"uuid\":\"p").append(i).append("\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\","
          + "\"content\":\"step ").append(i).append("\"}}\n");
      lines.append("{\"type\":\"assistant\",\"uuid\":\"c").append(i).append("\",\"sessionId\":\"s\",\"message\":{\"role\":"
          + "\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t").append(i)
          .append("\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}}],\"usage\":{\"input_tokens\":").append(1000 + i * 100)
          .append(",\"output_tokens\":10}}}\n");
      lines.append("{\"type\":\"user\",\"uuid\":\"r").append(i).append("\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\","
          + "\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t").append(i).append("\",\"content\":\"")
          .append(output).append("\"}]}}\n");
      lines.append("{\"type\":\"assistant\",\"uuid\":\"a").append(i).append("\",\"sessionId\":\"s\",\"message\":{\"role\":"
          + "\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}],"
          + "\"usage\":{\"input_tokens\":").append(1050 + i * 100).append(",\"output_tokens\":5}}}\n");
    }
    Path file = dir.resolve("turns.jsonl");
    Files.writeString(file, lines);
    Transcript whole = TranscriptReader.read(file);
    TokenCounter real = JtokkitTokenCounter.forModel(ContextReading.modelOf(whole), EngramSettings.DEFAULTS.context());
    long[] countedChars = {0};
    TokenCounter counting = text -> {
      countedChars[0] += text.length();
      return real.count(text);
    };
    ContextWindow window = ContextWindow.forModel(ContextReading.modelOf(whole), EngramSettings.DEFAULTS.context());
    ContextReading expected = ContextReading.of(whole, window, real);

    ContextReading read = ContextTally.START.plus(whole, counting).reading(window);

    assertThat(read.tokens()).isEqualTo(expected.tokens());
    assertThat(read.turnGrowth()).isEqualTo(last(expected.turnGrowth(), read.turnGrowth().size()));
    assertThat(countedChars[0]).as("characters counted").isLessThan(output.length());
  }

  private static List<Long> last(List<Long> all, int n) {
    return all.subList(Math.max(0, all.size() - n), all.size());
  }
}
