package io.engram.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;
  @TempDir Path project;

  /** A past session: a question about flaky tests, the agent's answer with an edit, tool output that must not be found. */
  private Path session() throws IOException {
    String head = "\"sessionId\":\"s1\",\"cwd\":\"/work/app\",";
    List<String> lines = List.of(
        "{\"type\":\"user\"," + head + "\"uuid\":\"u1\",\"timestamp\":\"2026-05-01T10:00:00Z\","
            + "\"message\":{\"role\":\"user\",\"content\":\"Why is the checkout test flaky on CI?\"}}",
        "{\"type\":\"assistant\"," + head + "\"uuid\":\"a1\",\"timestamp\":\"2026-05-01T10:00:05Z\","
            + "\"message\":{\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":["
            + "{\"type\":\"text\",\"text\":\"The checkout test races the payment stub; I will await the stub.\"},"
            + "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Edit\",\"input\":{\"file_path\":\"src/checkout.test.ts\"}}]}}",
        "{\"type\":\"user\"," + head + "\"uuid\":\"u2\",\"timestamp\":\"2026-05-01T10:00:06Z\","
            + "\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
            + "\"content\":\"zanzibar quokka output\"}]}}");
    Path file = home.resolve("s1.jsonl");
    Files.write(file, lines);
    return file;
  }

  @Test
  void aTurnOfAPastSessionIsFoundWithItsSessionDateAndLink() throws IOException {
    Path transcript = session();

    CommandRun run = CommandRun.in(home, project, "history", "--json", "--transcript", transcript.toString(),
        "payment", "stub", "race");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.fieldNames()).toIterable().containsExactly("query", "hits", "transcriptsRead", "turnsAdded",
        "problems");
    JsonNode hit = json.path("hits").get(0);
    assertThat(hit.fieldNames()).toIterable().containsExactly("session", "date", "role", "link", "uuid", "score",
        "tools", "files", "text");
    assertThat(hit.path("session").asText()).isEqualTo("s1");
    assertThat(hit.path("date").asText()).isEqualTo("2026-05-01T10:00:05Z");
    assertThat(hit.path("role").asText()).isEqualTo("assistant");
    assertThat(hit.path("link").asText()).isEqualTo(transcript.toAbsolutePath().normalize() + ":2");
    assertThat(hit.path("tools").get(0).asText()).isEqualTo("Edit");
    assertThat(hit.path("files").get(0).asText()).isEqualTo("src/checkout.test.ts");
  }

  @Test
  void toolOutputIsNotSearchedAndAnEmptyAnswerIsAnAnswer() throws IOException {
    CommandRun run = CommandRun.in(home, project, "history", "--transcript", session().toString(), "zanzibar");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("no past turn matches");
  }

  @Test
  void theIndexKeepsWhatWasReadForTheNextSearch() throws IOException {
    CommandRun.in(home, project, "history", "--transcript", session().toString(), "checkout");

    CommandRun again = CommandRun.in(home, project, "history", "flaky", "checkout");

    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).contains("Why is the checkout test flaky on CI?").contains("s1.jsonl:1");
  }

  @Test
  void aLimitOutOfRangeIsAUsageErrorAndJsonSaysSoToo() throws IOException {
    CommandRun run = CommandRun.in(home, project, "history", "--limit", "0", "flaky");
    CommandRun json = CommandRun.in(home, project, "history", "--limit", "-3", "--json", "flaky");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("--limit must be positive, was 0").contains("Usage: engram history");
    assertThat(json.exitCode()).isEqualTo(2);
    assertThat(JSON.readTree(json.out()).path("error").asText()).isEqualTo("--limit must be positive, was -3");
  }

  @Test
  void aMissingTranscriptIsAnErrorThatNamesIt() {
    CommandRun run = CommandRun.in(home, project, "history", "--transcript", home.resolve("gone.jsonl").toString(), "x");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("gone.jsonl");
  }
}
