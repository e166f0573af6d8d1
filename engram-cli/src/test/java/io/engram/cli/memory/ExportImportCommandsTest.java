package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportImportCommandsTest {
  @TempDir Path tmp;

  private CommandRun in(String home, String... args) throws Exception {
    Path project = Files.createDirectories(tmp.resolve("project"));
    return CommandRun.in(tmp.resolve(home), project, args);
  }

  private static List<String> memories(CommandRun list) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode m : JsonOutput.mapper().readTree(list.out()).get("memories")) {
      out.add(m.get("name").asText() + "|" + m.get("type").asText() + "|" + m.get("scope").asText() + "|"
          + m.get("description").asText() + "|" + m.get("updated").asText());
    }
    out.sort(null);
    return out;
  }

  @Test
  void anExportImportedIntoAFreshHomeListsTheSameMemories() throws Exception {
    in("a", "remember", "--type", "feedback", "--name", "no-mocks", "Don't mock the database; use Testcontainers.");
    in("a", "remember", "--type", "feedback", "--name", "no-mocks", "Don't mock the database; use Testcontainers."
        + " Mocks hid a broken migration.");
    in("a", "remember", "--type", "user", "我是后端，前端不太熟");
    in("a", "remember", "--type", "reference", "Upstream issue tracker: https://github.com/acme/app/issues");
    Path bundle = tmp.resolve("out/memories.zip");
    Files.createDirectories(bundle.getParent());

    CommandRun exported = in("a", "export", "--versions", "--out", bundle.toString(), "--json");
    assertThat(exported.exitCode()).as(exported.err()).isZero();
    JsonNode e = JsonOutput.mapper().readTree(exported.out());
    assertThat(e.get("memories").asInt()).isEqualTo(3);
    assertThat(e.get("versions").asInt()).isGreaterThanOrEqualTo(4);

    CommandRun imported = in("b", "import", bundle.toString(), "--json");
    assertThat(imported.exitCode()).as(imported.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(imported.out()).get("counts").get("created").asInt()).isEqualTo(3);
    assertThat(memories(in("b", "list", "--json"))).isEqualTo(memories(in("a", "list", "--json")));
    assertThat(in("b", "show", "no-mocks", "--history").out()).contains("version 1", "version 2");

    assertThat(imported.err()).as("no progress with --json").isEmpty();

    CommandRun again = in("b", "import", bundle.toString());
    assertThat(again.out()).contains("0 created, 0 merged, 3 unchanged, 0 skipped");
    assertThat(again.err().lines()).as("its progress, off a terminal").containsExactly(
        "import: this project's memories (3 items)");
  }

  @Test
  void anExportOfOneMemorySaysSoInWords() throws Exception {
    in("a", "remember", "--type", "feedback", "--name", "no-mocks", "Don't mock the database; use Testcontainers.");
    Path bundle = tmp.resolve("one/memories.zip");
    Files.createDirectories(bundle.getParent());
    CommandRun exported = in("a", "export", "--out", bundle.toString());
    assertThat(exported.exitCode()).as(exported.err()).isZero();
    assertThat(exported.out()).startsWith("exported 1 memory of 1 project to ");
  }

  @Test
  void anotherEngramHomeIsImportedAndADryRunWritesNothing() throws Exception {
    in("a", "remember", "--type", "project", "--name", "tests-need-redis",
        "Start Redis before the integration tests: docker compose up redis.");

    CommandRun dry = in("b", "import", "--from", "engram-home", tmp.resolve("a").toString(), "--dry-run");
    assertThat(dry.exitCode()).as(dry.err()).isZero();
    assertThat(dry.out()).contains("would be created: tests-need-redis", "dry run, nothing written");
    assertThat(in("b", "list").out()).doesNotContain("tests-need-redis");

    CommandRun real = in("b", "import", "--from", "engram-home", tmp.resolve("a").toString());
    assertThat(real.out()).contains("created: tests-need-redis");
    assertThat(in("b", "show", "tests-need-redis").out()).contains("docker compose up redis");
  }

  @Test
  void withTheShippedModelAParaphraseUnderAnotherNameIsMergedAndByWordsAloneItIsNot() throws Exception {
    in("a", "remember", "--type", "project", "--name", "docker-before-verify", "--description",
        "Integration tests require a running Docker",
        "Run Docker before ./mvnw verify: the integration tests start their databases in containers.");
    in("a", "remember", "--type", "project", "--name", "docker-image-tags", "--description",
        "Release images are tagged with the git tag, never latest",
        "Docker images for a release are tagged with the release's git tag; nothing is pushed as latest.");
    Path bundle = tmp.resolve("out/memories.zip");
    Files.createDirectories(bundle.getParent());
    assertThat(in("a", "export", "--out", bundle.toString()).exitCode()).isZero();
    for (String home : List.of("b", "words")) {
      in(home, "remember", "--type", "project", "--name", "integration-tests-need-docker", "--description",
          "Integration tests need Docker running", "The integration tests start their databases in containers,"
          + " so Docker must be running before ./mvnw verify.");
    }
    Files.writeString(tmp.resolve("words/settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");

    CommandRun meaningRun = in("b", "import", bundle.toString(), "--json");
    JsonNode byMeaning = JsonOutput.mapper().readTree(meaningRun.out());
    JsonNode byWords = JsonOutput.mapper().readTree(in("words", "import", bundle.toString(), "--json").out());

    // The model finds that the paraphrase says what the memory here says (a cosine of 0.96 with all-MiniLM-L6-v2-q,
    // over the 0.80 of dream.meaningSimilarity); the release tags, about Docker too (0.25), stay apart.
    assertThat(byMeaning.get("counts").get("merged").asInt()).as(meaningRun.err() + meaningRun.out()).isEqualTo(1);
    assertThat(byMeaning.get("counts").get("created").asInt()).isEqualTo(1);
    assertThat(in("b", "list").out()).contains("integration-tests-need-docker", "docker-image-tags")
        .doesNotContain("docker-before-verify");
    assertThat(byWords.get("counts").get("merged").asInt()).as(byWords.toString()).isZero();
    assertThat(byWords.get("counts").get("created").asInt()).isEqualTo(2);
  }

  @Test
  void badSourcesAreClearErrors() throws Exception {
    assertThat(in("b", "import", "--from", "codex-x", "x").exitCode()).isEqualTo(2);
    assertThat(in("b", "import", "--from", "codex", "x").err()).contains("PATH and --all are for a bundle");
    CommandRun missing = in("b", "import", tmp.resolve("nope.zip").toString());
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("nope.zip");
    assertThat(in("b", "import", "--from", "engram-home").err()).contains("needs a PATH");
  }
}
