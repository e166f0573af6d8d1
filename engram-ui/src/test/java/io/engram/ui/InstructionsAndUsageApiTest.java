package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryType;
import io.engram.model.CostGovernor;
import io.engram.model.Purpose;
import io.engram.model.TokenUsage;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstructionsAndUsageApiTest {
  @TempDir Path dir;
  TestUi ui;
  TestUi.Session session;

  @BeforeEach
  void start() throws Exception {
    ui = new TestUi(dir);
    session = ui.login();
  }

  @AfterEach
  void stop() {
    ui.close();
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> r = ui.get(path, Optional.of(session));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return UiExchange.JSON.readTree(r.body());
  }

  @Test
  void aDamagedMemoryIndexIsAWarningThatNamesTheLinesSkipped() throws Exception {
    ui.remember(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis", "Redis on 6379."));
    Path index = ui.memory().location().projectDir().resolve("MEMORY.md");
    Files.write(index, (Files.readString(index) + "x".repeat(10_000) + "\n")
        .getBytes(java.nio.charset.StandardCharsets.UTF_8));

    JsonNode l = get("/ui/api/instructions");
    assertThat(l.get("warnings").toString()).contains("damaged", "line 2", "longer than memory.indexMaxLineBytes");
    assertThat(l.get("memoryIndex").get("loadedLines").asInt()).isEqualTo(1);
  }

  @Test
  void instructionsListTheFilesASessionLoadsWithImportsAndTheMemoryIndex() throws Exception {
    Files.writeString(ui.project.resolve("CLAUDE.md"), "# Project\n\nRun ./mvnw verify.\n\n@docs/style.md\n@missing.md\n");
    Files.createDirectories(ui.project.resolve("docs"));
    Files.writeString(ui.project.resolve("docs/style.md"), "Two-space indent.\n");
    ui.remember(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis", "Redis on 6379."));

    JsonNode l = get("/ui/api/instructions");
    assertThat(l.get("files").get(0).get("path").asText()).endsWith("CLAUDE.md");
    JsonNode imported = l.get("files").get(1);
    assertThat(imported.get("path").asText()).endsWith("style.md");
    assertThat(imported.get("importedFrom").get(0).asText()).endsWith("CLAUDE.md");
    assertThat(l.get("totalTokens").asLong()).isPositive();
    assertThat(l.get("warnings").toString()).contains("missing.md");
    assertThat(l.get("memoryIndex").get("totalLines").asInt()).isEqualTo(1);
  }

  @Test
  void usageShowsEveryDayOfTheLedgerWithItsCapsAndWhatIsLeft() throws Exception {
    new CostGovernor(ui.home, EngramSettings.DEFAULTS.governor(), ui.clock)
        .record("s1", Purpose.EXTRACTION, true, new TokenUsage(1_000, 200, 0, 0));
    JsonNode u = get("/ui/api/usage");
    JsonNode day = u.get("days").get(0);
    assertThat(day.get("day").asText()).isEqualTo("2026-12-01");
    assertThat(day.get("background").get("input").asLong()).isEqualTo(1_000);
    assertThat(day.get("backgroundByPurpose").get("EXTRACTION").asLong()).isEqualTo(1_200);
    assertThat(day.get("dailyRemaining").asLong())
        .isEqualTo(EngramSettings.DEFAULTS.governor().dailyTokenCap() - 1_200);
    assertThat(day.get("sessions").get(0).get("sessionId").asText()).isEqualTo("s1");
    assertThat(u.get("ledger").asText()).endsWith("model-usage.json");
  }
}
