package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.CompactionSettings;
import io.engram.transcript.ContentBlock;
import org.junit.jupiter.api.Test;

class CallsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int CALL_CHARS = CompactionSettings.Offline.DEFAULTS.callChars();

  private static ContentBlock.ToolUse bash(String command, String description) {
    return new ContentBlock.ToolUse("t1", "Bash",
        JSON.createObjectNode().put("command", command).put("description", description));
  }

  @Test
  void aShortCommandIsQuotedWhole() {
    assertThat(Calls.describe(bash("mix test --seed 0", "Run tests"), CALL_CHARS))
        .isEqualTo("Bash `mix test --seed 0`");
  }

  @Test
  void aCommandOfManyLinesIsNamedByItsDescriptionRatherThanCutAfterItsFirstLine() {
    assertThat(Calls.describe(bash("bash -c '\nsource lib.sh\nrun_it\n'", "Test the traceparent generation"),
        CALL_CHARS))
        .isEqualTo("Bash (Test the traceparent generation)");
  }

  @Test
  void aFileToolIsNamedByItsFile() throws Exception {
    ContentBlock.ToolUse edit = new ContentBlock.ToolUse("t2", "Edit", JSON.readTree("{\"file_path\":\"src/App.java\"}"));
    assertThat(Calls.describe(edit, CALL_CHARS)).startsWith("Edit ").endsWith("App.java");
  }
}
