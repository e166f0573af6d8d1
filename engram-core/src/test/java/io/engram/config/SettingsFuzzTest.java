package io.engram.config;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.engram.testing.FuzzChecks;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * {@code settings.json} as any bytes: the settings, or the documented {@link SettingsException} of one
 * line; never a NullPointerException or a Jackson exception.
 */
class SettingsFuzzTest {
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
