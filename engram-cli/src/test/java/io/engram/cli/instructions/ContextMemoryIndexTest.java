package io.engram.cli.instructions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContextMemoryIndexTest {
  @TempDir Path tmp;
  Path home;
  Path repo;

  @BeforeEach
  void fixture() throws Exception {
    home = Files.createDirectories(tmp.resolve("engram"));
    repo = Files.createDirectories(tmp.resolve("repo/.git")).getParent();
  }

  private CommandRun run(String... args) {
    List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--project", repo.toString(),
        "--user-home", tmp.resolve("user").toString()));
    all.addAll(List.of(args));
    return CommandRun.of(all.toArray(String[]::new));
  }

  private void settings(String json) throws Exception {
    Files.writeString(home.resolve("settings.json"), json);
  }

  @Test
  void contextReportsTheMemoryIndexAfterTheInstructionFiles() throws Exception {
    settings("{\"instructions\": {\"managedPath\": \"" + tmp.resolve("none") + "\"}}");
    assertThat(run("remember", "--type", "project", "tests need a local Redis on 6379").exitCode()).isZero();
    assertThat(run("remember", "--type", "feedback", "use pnpm, not npm").exitCode()).isZero();

    CommandRun r = run("context", "--json");

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode index = JsonOutput.mapper().readTree(r.out()).get("memoryIndex");
    assertThat(index.get("totalLines").asInt()).isEqualTo(2);
    assertThat(index.get("loadedLines").asInt()).isEqualTo(2);
    assertThat(index.get("truncated").asBoolean()).isFalse();
    assertThat(index.get("tokens").asInt()).isPositive();
    assertThat(index.get("projectIndex").asText()).endsWith("MEMORY.md");
    assertThat(run("context", "--prompt").out()).contains("Redis");
  }

  @Test
  void aTruncatedIndexIsAWarningThatSaysWhatWasCut() throws Exception {
    settings("{\"instructions\": {\"managedPath\": \"" + tmp.resolve("none") + "\"},"
        + " \"memory\": {\"indexMaxLines\": 2}}");
    for (String fact : List.of("alpha service runs on port 1", "beta service runs on port 2",
        "gamma service runs on port 3")) {
      assertThat(run("remember", "--type", "project", fact).exitCode()).isZero();
    }

    CommandRun json = run("context", "--json");
    CommandRun human = run("context");

    JsonNode ledger = JsonOutput.mapper().readTree(json.out());
    assertThat(ledger.get("memoryIndex").get("truncated").asBoolean()).isTrue();
    assertThat(ledger.get("warnings").toString()).contains("truncated").contains("loaded 2 of 3 lines");
    assertThat(human.out()).contains("Auto memory index").contains("2 of 3 lines");
  }
}
