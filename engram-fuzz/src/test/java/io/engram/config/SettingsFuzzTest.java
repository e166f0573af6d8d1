package io.engram.config;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * {@code settings.json} as any bytes: the settings, or the documented {@link SettingsException} of one
 * line; never a NullPointerException or a Jackson exception.
 */
class SettingsFuzzTest {
  // Builds the settings' defaults and Jackson's readers of them before the first input's time limit starts: under
  // the fuzzer every class loaded is instrumented first, and the first input must not pay for all of them.
  @BeforeAll
  static void loadTheSettingsOnce() {
    SettingsLoader.parse("{\"recall\": {\"filesPerTurn\": 8}}", "warm-up");
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  @DictionaryEntries({"\"recall\"", "\"filesPerTurn\"", "\"bytesPerFile\"", "\"dream\"", "\"minSessions\"",
      "\"minHoursBetween\"", "\"notes\"", "\"compaction\"", "\"extraction\"", "\"mcp\"", "\"governor\"",
      "\"instructions\"", "\"model\"", "null", "-5", "1e309", "9223372036854775808", "true", "\"\"", "{}", "[]"})
  void settingsAreReadOrRefusedInOneLine(byte[] input) throws Exception {
    try {
      SettingsLoader.parse(new String(input, StandardCharsets.UTF_8), "settings.json");
    } catch (RuntimeException e) {
      FuzzChecks.assertDocumentedRefusal(e, SettingsException.class);
    }
  }
}
