package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.testing.FileBytes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SessionStart over a MEMORY.md damaged on disk: the session starts with the index lines that read well, the agent
 * is told beside the index what was skipped, the person sees it as the hook's message where the agent shows one,
 * and nothing fails.
 */
class DamagedIndexAtSessionStartTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String GOOD = "- [Use pnpm](use-pnpm.md) - the project installs with pnpm";

  @TempDir Path home;
  @TempDir Path project;
  private ProjectMemory store;
  private HookRunner runner;
  private Path index;

  @BeforeEach
  void open() throws Exception {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    runner = new HookRunner(roots, store, EngramSettings.DEFAULTS, ModelRouter.offline(), Clock.systemUTC());
    index = Files.createDirectories(store.location().projectDir()).resolve("MEMORY.md");
  }

  private HookRunner.Answer start(String session) throws Exception {
    return runner.run(HookEvent.SESSION_START, HookInput.parse("{\"session_id\":\"" + session + "\"}"));
  }

  @Test
  void theLinesThatReadWellLoadAndTheAgentAndThePersonAreToldWhatWasSkipped() throws Exception {
    byte[] binary = {0x00, 0x13, (byte) 0x88, 0x7F, 0x05, 'P', 'K', 0x03, 0x04};
    Files.write(index, FileBytes.of("# Memory\n", GOOD, "\n", binary, "\n", "z".repeat(100_000), "\n",
        "- [Deploy on Fridays](deploy-fri"));

    HookRunner.Answer answer = start("dmg1");

    String context = answer.additionalContext().orElseThrow();
    assertThat(context).contains("# Engram project memory index", GOOD, "3 lines skipped", "line 3", "line 4",
        "line 5").doesNotContain("zzzz", "Deploy on Fridays");
    assertThat(answer.warnings()).singleElement().asString().contains("Engram project memory index", "3 lines skipped",
        index.toString());
    assertThat(answer.log()).containsAll(answer.warnings());

    JsonNode claude = JSON.readTree(HookDialect.CLAUDE_CODE.stdout(HookEvent.SESSION_START, answer.additionalContext(),
        answer.warnings()));
    assertThat(claude.path("systemMessage").asText()).startsWith("Engram: ").contains("3 lines skipped");
    assertThat(claude.path("hookSpecificOutput").path("additionalContext").asText()).isEqualTo(context);
    assertThat(JSON.readTree(HookDialect.GEMINI.stdout(HookEvent.SESSION_START, answer.additionalContext(),
        answer.warnings())).has("systemMessage")).isTrue();
    JsonNode cursor = JSON.readTree(HookDialect.CURSOR.stdout(HookEvent.SESSION_START, answer.additionalContext(),
        answer.warnings()));
    assertThat(cursor.has("systemMessage")).isFalse();
    assertThat(cursor.path("additional_context").asText()).isEqualTo(context);
  }

  @Test
  void anIndexOfNothingButJunkStartsTheSessionWithAWarningAlone() throws Exception {
    // The index overwritten by binary data: random bytes without a line end, as one long run of a binary file has.
    byte[] junk = new byte[64 * 1024];
    new java.util.Random(3).nextBytes(junk);
    for (int i = 0; i < junk.length; i++) {
      junk[i] = junk[i] == '\n' || junk[i] == '\r' ? 0 : junk[i];
    }
    Files.write(index, junk);

    HookRunner.Answer answer = start("dmg2");

    assertThat(answer.additionalContext()).isEmpty();
    assertThat(answer.warnings()).singleElement().asString().contains("1 line skipped", "longer than");
    for (HookDialect agent : new HookDialect[] {HookDialect.CLAUDE_CODE, HookDialect.CODEX}) {
      JsonNode out = JSON.readTree(agent.stdout(HookEvent.SESSION_START, answer.additionalContext(),
          answer.warnings()));
      assertThat(out.path("systemMessage").asText()).as(agent.name()).contains("skipped");
      assertThat(out.path("hookSpecificOutput").path("hookEventName").asText()).isEqualTo("SessionStart");
      assertThat(out.path("hookSpecificOutput").path("additionalContext").asText()).isEmpty();
    }
  }

  @Test
  void anIndexThatCannotBeReadIsLeftOutAndTheRestOfTheStartIsSent() throws Exception {
    String rule = "Never mock the database in integration tests.";
    store.write(Memory.of("no-db-mocks", MemoryType.FEEDBACK, rule, rule + "\n"));
    Files.delete(index);
    Files.createDirectories(index); // a MEMORY.md that is a directory: reading it fails

    HookRunner.Answer answer = start("dmg3");

    assertThat(answer.additionalContext()).hasValueSatisfying(c -> assertThat(c).contains(rule)
        .doesNotContain("memory index"));
    assertThat(answer.warnings()).singleElement().asString()
        .contains("cannot be read", "the session starts without it");
  }

  @Test
  void aWholeIndexStartsTheSessionWithoutAWarningOrAMessage() throws Exception {
    Files.write(index, FileBytes.of(GOOD, "\n"));
    HookRunner.Answer answer = start("dmg4");
    assertThat(answer.warnings()).isEmpty();
    assertThat(answer.additionalContext().orElseThrow()).contains(GOOD).doesNotContain("skipped");
    assertThat(HookDialect.CLAUDE_CODE.stdout(HookEvent.SESSION_START, answer.additionalContext(), answer.warnings()))
        .doesNotContain("systemMessage");
  }
}
