package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * The JSON Claude Code writes to a hook's standard input, as any bytes: it is read, or refused with the
 * documented {@link IllegalArgumentException} of one line. Inputs under {@code HookInputFuzzTestInputs}.
 */
class HookInputFuzzTest {
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
