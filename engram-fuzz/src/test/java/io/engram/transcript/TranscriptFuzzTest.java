package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Transcripts as any bytes. A Claude Code JSONL file is always read (a bad line is a {@link ReadProblem},
 * the rest is kept); a JSON message list is read or refused with the documented
 * {@link IllegalArgumentException}. The first byte picks the format: odd for the message list.
 */
class TranscriptFuzzTest {
  // Reads stored inputs once before the first input's time limit starts: under the fuzzer every class loaded is
  // instrumented first, and the first input must not pay for all of them (a first input passed the 10 s limit at a
  // load of 30, on the parser's classes alone).
  @BeforeAll
  static void readStoredInputsFirst() throws Exception {
    new TranscriptFuzzTest().transcriptIsReadOrRefusedInOneLine(stored("claude-code-jsonl"));
    new TranscriptFuzzTest().transcriptIsReadOrRefusedInOneLine(stored("message-list"));
  }

  private static byte[] stored(String name) throws java.io.IOException {
    try (var in = TranscriptFuzzTest.class.getResourceAsStream("TranscriptFuzzTestInputs/transcriptIsReadOrRefusedInOneLine/" + name)) {
      return java.util.Objects.requireNonNull(in, name).readAllBytes();
    }
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  @DictionaryEntries({"\"type\"", "\"user\"", "\"assistant\"", "\"system\"", "\"summary\"", "\"message\"",
      "\"content\"", "\"role\"", "\"text\"", "\"tool_use\"", "\"tool_result\"", "\"tool_use_id\"", "\"input\"",
      "\"file_path\"", "\"command\"", "\"uuid\"", "\"parentUuid\"", "\"sessionId\"", "\"isSidechain\"",
      "\"compact_boundary\"", "\"subtype\"", "\"usage\"", "\"input_tokens\"", "\"messages\"", "\"thinking\"",
      "\"TodoWrite\"", "\"todos\"", "\"Edit\"", "\"Bash\"", "\"Read\"", "\"timestamp\"", "null"})
  void transcriptIsReadOrRefusedInOneLine(byte[] input) throws Exception {
    if (input.length > 0 && (input[0] & 1) == 1) {
      String json = new String(Arrays.copyOfRange(input, 1, input.length), StandardCharsets.UTF_8);
      try {
        use(MessageListReader.parse(json, "fuzz"));
      } catch (RuntimeException e) {
        FuzzChecks.assertDocumentedRefusal(e, IllegalArgumentException.class);
      }
      return;
    }
    Transcript t = TranscriptReader.read(
        new InputStreamReader(new ByteArrayInputStream(input), StandardCharsets.UTF_8), "fuzz");
    long lines = new String(input, StandardCharsets.UTF_8).lines().count();
    // A line is one of the file's; a message of a document is counted in its list, whatever the lines.
    assertThat(t.problems()).allSatisfy(p -> assertThat(p.number())
        .isBetween(1, p.place() == ReadProblem.Place.LINE ? (int) Math.max(1, lines) : Integer.MAX_VALUE));
    use(t);
  }

  /** What the engines ask of every transcript they are given. */
  private static void use(Transcript t) {
    assertThat(t.sessionId()).isNotBlank();
    assertThat(t.mainLine().size()).isLessThanOrEqualTo(t.messages().size());
    t.segments();
    t.userMessages();
    assertThat(t.toolCallCount()).isNotNegative();
  }
}
