package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.MemoryStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram hook SessionStart} over a damaged MEMORY.md: exit 0, the good lines sent, the damage said. */
class DamagedIndexHookTest {
  @TempDir Path root;

  @Test
  void aDamagedIndexStartsTheSessionWithExitZeroAndSaysSoOnStderrAndToThePerson() throws Exception {
    HookFixture f = HookFixture.in(root);
    Path dir = MemoryStores.open(new EngramRoots(f.home(), f.userHome(), f.project()), EngramSettings.DEFAULTS)
        .location().projectDir();
    String good = "- [Use pnpm](use-pnpm.md) - the project installs with pnpm";
    byte[] damaged = (good + "\n" + "\u0000".repeat(512) + "\n- [Deploy](dep").getBytes(StandardCharsets.UTF_8);
    Files.write(Files.createDirectories(dir).resolve("MEMORY.md"), damaged);

    CommandRun run = f.hook("SessionStart", "{\"session_id\":\"d1\",\"cwd\":" + HookFixture.quoted(
        f.project().toString()) + ",\"source\":\"startup\"}");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode out = new ObjectMapper().readTree(run.out());
    assertThat(out.at("/hookSpecificOutput/additionalContext").asText()).contains(good, "2 lines skipped");
    assertThat(out.path("systemMessage").asText()).startsWith("Engram: ").contains("2 lines skipped", "line 2",
        "line 3");
    assertThat(run.err()).contains("engram hook SessionStart: ", "2 lines skipped");
  }
}
