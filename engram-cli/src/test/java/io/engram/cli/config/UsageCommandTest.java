package io.engram.cli.config;

import io.engram.config.GovernorSettings;
import io.engram.fs.HomeLayout;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.model.CostGovernor;
import io.engram.model.Purpose;
import io.engram.model.TokenUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsageCommandTest {
  @TempDir Path home;
  @TempDir Path project;

  private void seedLedger() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"governor\": {\"sessionTokenCap\": 1000, \"dailyTokenCap\": 5000}}");
    CostGovernor governor = new CostGovernor(home, new GovernorSettings(1_000, 5_000, 31));
    governor.record("sess-a", Purpose.EXTRACTION, true, new TokenUsage(300, 50, 100, 0));
    governor.record("sess-a", Purpose.COMPACTION, false, new TokenUsage(2_000, 500, 0, 0));
    governor.record("sess-b", Purpose.DREAM, true, new TokenUsage(1_200, 0, 0, 0));
  }

  @Test
  void showsTodaysTotalsCapsAndWhatIsLeftPerSession() throws Exception {
    seedLedger();
    CommandRun run = CommandRun.in(home, project, "usage");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("engine:     offline")
        .contains("background: 1,650 tokens in 2 calls")
        .contains("cap 5,000 a day, 3,350 left")
        .contains("foreground: 2,500 tokens in 1 call (input 2,000, output 500, cache read 0, cache write 0) (not capped)")
        .contains("dream 1,200, extraction 450")
        .containsPattern("sess-a\\s+450\\s+2,500\\s+550")
        .containsPattern("sess-b\\s+1,200\\s+0\\s+0");
  }

  @Test
  void jsonCarriesTheSameLedger() throws Exception {
    seedLedger();
    CommandRun run = CommandRun.in(home, project, "usage", "--json");
    assertThat(run.exitCode()).isZero();
    JsonNode json = JsonOutput.mapper().readTree(run.out());
    assertThat(json.get("engine").asText()).isEqualTo("offline");
    assertThat(json.at("/today/dailyRemaining").asLong()).isEqualTo(3_350);
    assertThat(json.at("/today/sessions/0/sessionId").asText()).isEqualTo("sess-a");
    assertThat(json.at("/today/sessions/0/foreground/input").asLong()).isEqualTo(2_000);
    assertThat(json.get("ledger").asText()).endsWith("model-usage.json");
  }

  @Test
  void emptyLedgerSaysSoAndConfiguredModelIsNamed() throws Exception {
    Files.writeString(home.resolve("settings.json"),
        "{\"model\": {\"provider\": \"openai\", \"name\": \"llama3.1\", \"baseUrl\": \"http://127.0.0.1:9/v1\"}}");
    CommandRun run = CommandRun.in(home, project, "usage");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("No model calls today.");
    if (System.getenv("ENGRAM_MODEL") == null && System.getenv("OPENAI_BASE_URL") == null) {
      assertThat(run.out()).contains("engine:     openai:llama3.1");
    }
  }

  @Test
  void corruptLedgerIsAnErrorNamingTheFile() throws Exception {
    Files.writeString(HomeLayout.of(home).usageLedger(), "not json");
    CommandRun run = CommandRun.in(home, project, "usage");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("model-usage.json");
    assertThat(Files.readString(HomeLayout.of(home).usageLedger())).isEqualTo("not json");
  }
}
