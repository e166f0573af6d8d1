package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.Engram;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code context} tool over a damaged MEMORY.md: the lines that read well, and the lines skipped named. */
class ContextToolDamagedIndexTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void theIndexAsASessionLoadsItNamesTheLinesSkippedAsDamaged() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    Path dir = Files.createDirectories(engram.memory().location().projectDir());
    String good = "- [Use pnpm](use-pnpm.md) - the project installs with pnpm";
    Files.write(dir.resolve("MEMORY.md"), (good + "\n\u0000\u0001junk-payload\n").getBytes(StandardCharsets.UTF_8));

    ToolDef.ToolAnswer answer = EngramTools.named(engram, "context").action().run(ToolCall.of(Map.of()));

    assertThat(answer.text()).contains(good, "1 line skipped", "line 2 (control characters").doesNotContain("junk-payload");
    assertThat(answer.structured()).containsEntry("memoryIndex", good + "\n");
    assertThat(String.valueOf(answer.structured().get("memoryIndexSkipped"))).contains("line 2");
  }
}
