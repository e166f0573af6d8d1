package io.engram.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * A LoCoMo data file ({@code bench locomo --data FILE}) as any bytes: the conversations, or the
 * documented refusal (an {@link IOException} for what is not JSON, an {@link IllegalArgumentException}
 * naming the item for JSON of the wrong shape), each one line.
 */
class LocomoDataFuzzTest {
  private static final Path FILE = file();

  // Reads stored inputs once before the first input's time limit starts: under the fuzzer every class loaded is
  // instrumented first, and the first input must not pay for all of them (a first input passed the 10 s limit at a
  // load of 30, on the parser's classes alone).
  @BeforeAll
  static void readStoredInputsFirst() throws Exception {
    new LocomoDataFuzzTest().locomoDataIsReadOrRefusedInOneLine(stored("valid"));
  }

  private static byte[] stored(String name) throws java.io.IOException {
    try (var in = LocomoDataFuzzTest.class.getResourceAsStream("LocomoDataFuzzTestInputs/locomoDataIsReadOrRefusedInOneLine/" + name)) {
      return java.util.Objects.requireNonNull(in, name).readAllBytes();
    }
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  @DictionaryEntries({"\"sample_id\"", "\"conversation\"", "\"qa\"", "\"speaker_a\"", "\"speaker_b\"",
      "\"session_1\"", "\"session_1_date_time\"", "\"speaker\"", "\"dia_id\"", "\"D1:1\"", "\"text\"",
      "\"blip_caption\"", "\"question\"", "\"answer\"", "\"evidence\"", "\"category\"", "null", "[", "]", "{", "}"})
  void locomoDataIsReadOrRefusedInOneLine(byte[] input) throws Exception {
    Files.write(FILE, input);
    try {
      LocomoData.read(FILE);
    } catch (IOException | IllegalArgumentException e) {
      FuzzChecks.assertDocumentedRefusal(e, e instanceof IOException ? IOException.class : IllegalArgumentException.class);
      assertThat(e.getMessage()).as("the error names the file").contains(FILE.toString());
    }
  }

  @AfterAll
  static void removeTheFile() throws IOException {
    Files.deleteIfExists(FILE);
  }

  private static Path file() {
    try {
      return Files.createTempFile("locomo-fuzz", ".json");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
