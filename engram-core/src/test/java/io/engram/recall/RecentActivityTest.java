package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.config.RecallSettings;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentActivityTest {

  private static TranscriptMessage read(String id, String path) {
    return TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, "Read",
        JsonNodeFactory.instance.objectNode().put("file_path", path))));
  }

  @Test
  void aFileIsNamedByItsFolderAndNameAndTheRootNamesNoFile() {
    assertThat(RecentActivity.words("a/b/auth/TokenCache.java")).isEqualTo("auth/TokenCache.java TokenCache");
    assertThat(RecentActivity.words("/")).isEmpty();
    assertThat(RecentActivity.words("//")).isEmpty();
  }

  @Test
  void aCallOnTheRootIsLeftOutAndTheFilesBesideItAreNamed() {
    List<TranscriptMessage> ms = List.of(
        TranscriptMessage.text(Role.USER, "Look around the disk."),
        read("a", "/"),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("a", "EISDIR", true))),
        read("b", "/repo/src/Main.java"),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("b", "class Main {}", false))));
    assertThat(RecentActivity.of(ms, RecallSettings.DEFAULTS)).hasValueSatisfying(text ->
        assertThat(text).contains("src/Main.java Main (read)").doesNotContain(" (read), ").doesNotStartWith("files:  ("));
  }
}
