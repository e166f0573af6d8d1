package io.engram.cli.memory;

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

/** The review round trip on the command line: extraction proposes, the person accepts, edits or rejects. */
class InboxCommandTest {
  @TempDir Path home;
  @TempDir Path project;

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  @BeforeEach
  void proposeMode() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"memory\":{\"review\":\"propose\"}}");
  }

  private List<String> waitingIds() throws Exception {
    List<String> ids = new ArrayList<>();
    for (JsonNode p : JsonOutput.mapper().readTree(run("inbox", "list", "--json").out()).get("proposals")) {
      ids.add(p.get("id").asText());
    }
    return ids;
  }

  private static Path transcript() throws Exception {
    return Path.of(InboxCommandTest.class.getResource("/transcripts/cli-notes.jsonl").toURI());
  }

  @Test
  void extractionProposesAndTheInboxAcceptsEditsAndRejects() throws Exception {
    CommandRun extracted = run("extract", transcript().toString());
    assertThat(extracted.exitCode()).as(extracted.err()).isZero();
    assertThat(run("list").out()).doesNotContain("staging");
    List<String> ids = waitingIds();
    assertThat(ids).hasSizeGreaterThanOrEqualTo(2);

    CommandRun listed = run("inbox", "list");
    assertThat(listed.out()).contains(ids.get(0), "extraction: create");
    CommandRun shown = run("inbox", "show", ids.get(0).substring(0, 7));
    assertThat(shown.exitCode()).as(shown.err()).isZero();
    assertThat(shown.out()).contains("why: the user said", "source: user").as("ends its last line").endsWith("\n");

    CommandRun accepted = run("inbox", "accept", ids.get(0), "--json");
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    String name = JsonOutput.mapper().readTree(accepted.out()).get("written").get(0).asText();
    assertThat(run("show", name).out()).contains("source: user", "session: cli-notes-1").as("ends its last line")
        .endsWith("\n");
    assertThat(run("show", name, "--history").out()).contains("review");

    // Edited with an editor that rewrites the body: the edit is written under the proposal's name.
    CommandRun edited = run("inbox", "accept", ids.get(1), "--edit", "--editor",
        "sed -i '$ s/.*/Edited by the person./'");
    assertThat(edited.exitCode()).as(edited.err()).isZero();
    String second = edited.out().replaceFirst("(?s)^accepted [0-9a-f]+: ", "").strip();
    assertThat(run("show", second).out()).contains("Edited by the person.");

    for (String id : ids.subList(2, ids.size())) {
      assertThat(run("inbox", "reject", id).exitCode()).isZero();
    }
    assertThat(run("inbox", "list").out()).contains("the inbox is empty");
  }

  @Test
  void anIdNoProposalHasIsAnErrorThatSaysSo() {
    CommandRun r = run("inbox", "accept", "0000000");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("no proposal '0000000'");
  }
}
