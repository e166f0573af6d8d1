package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * The JSON Claude Code writes to a hook's standard input, as any bytes: it is read, or refused with the
 * documented {@link IllegalArgumentException} of one line. Inputs under {@code HookInputFuzzTestInputs}.
 */
class HookInputFuzzTest {
  // Reads stored inputs once before the first input's time limit starts: under the fuzzer every class loaded is
  // instrumented first, and the first input must not pay for all of them (a first input passed the 10 s limit at a
  // load of 30, on the parser's classes alone).
  @BeforeAll
  static void readStoredInputsFirst() throws Exception {
    new HookInputFuzzTest().hookInputIsReadOrRefusedInOneLine(stored("stop"));
    new HookInputFuzzTest().hookInputIsReadOrRefusedInOneLine(stored("prompt"));
  }

  private static byte[] stored(String name) throws java.io.IOException {
    try (var in = HookInputFuzzTest.class.getResourceAsStream("HookInputFuzzTestInputs/hookInputIsReadOrRefusedInOneLine/" + name)) {
      return java.util.Objects.requireNonNull(in, name).readAllBytes();
    }
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  @DictionaryEntries({"\"session_id\"", "\"transcript_path\"", "\"cwd\"", "\"hook_event_name\"", "\"prompt\"",
      "\"source\"", "\"trigger\"", "\"custom_instructions\"", "null", "true", "[]", "{}", "\\u0000", "\"../"})
  void hookInputIsReadOrRefusedInOneLine(byte[] input) throws Exception {
    HookInput parsed;
    try {
      parsed = HookInput.parse(new String(input, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      FuzzChecks.assertDocumentedRefusal(e, IllegalArgumentException.class);
      return;
    }
    assertThat(parsed.sessionId()).isNotBlank();
  }
}
