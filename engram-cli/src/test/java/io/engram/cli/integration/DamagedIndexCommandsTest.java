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

/**
 * The commands over a damaged MEMORY.md: {@code engram hook SessionStart} exits 0 with the good lines and says what
 * it skipped, and {@code engram context} lists it as a warning.
 */
class DamagedIndexCommandsTest {
  private static final String GOOD = "- [Use pnpm](use-pnpm.md) - the project installs with pnpm";

  @TempDir Path root;

  private HookFixture damaged() throws Exception {
    HookFixture f = HookFixture.in(root);
    Path dir = MemoryStores.open(new EngramRoots(f.home(), f.userHome(), f.project()), EngramSettings.DEFAULTS)
        .location().projectDir();
    byte[] damaged = (GOOD + "\n" + "\u0000".repeat(512) + "\n- [Deploy](dep").getBytes(StandardCharsets.UTF_8);
    Files.write(Files.createDirectories(dir).resolve("MEMORY.md"), damaged);
    return f;
  }

  @Test
  void aDamagedIndexStartsTheSessionWithExitZeroAndSaysSoOnStderrAndToThePerson() throws Exception {
    HookFixture f = damaged();
    String good = GOOD;

    CommandRun run = f.hook("SessionStart", "{\"session_id\":\"d1\",\"cwd\":" + HookFixture.quoted(
        f.project().toString()) + ",\"source\":\"startup\"}");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode out = new ObjectMapper().readTree(run.out());
    assertThat(out.at("/hookSpecificOutput/additionalContext").asText()).contains(good, "2 lines skipped");
    assertThat(out.path("systemMessage").asText()).startsWith("Engram: ").contains("2 lines skipped", "line 2",
        "line 3");
    assertThat(run.err()).contains("engram hook SessionStart: ", "2 lines skipped");
  }

  @Test
  void contextListsADamagedIndexAsAWarning() throws Exception {
    HookFixture f = damaged();
    CommandRun human = f.run("context");
    assertThat(human.exitCode()).as(human.err()).isZero();
    assertThat(human.out()).contains("damaged", "2 lines skipped");
    JsonNode warnings = new ObjectMapper().readTree(f.run("context", "--json").out()).get("warnings");
    assertThat(warnings.toString()).contains("\"kind\":\"damaged\"", "line 2 (control characters", "line 3 (an entry cut");
  }
}
