package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram reindex} as a user runs it, with the embedding model engram.jar ships. */
class ReindexCommandTest {
  @TempDir Path home;
  @TempDir Path user;
  @TempDir Path project;

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  private void memories(int n) throws Exception {
    // A zero budget: each step embeds one batch of 64, so a hundred memories take two steps.
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"embeddingBudgetMillis\":0}}");
    ProjectMemory store = MemoryStores.open(new EngramRoots(home, user, project), EngramSettings.DEFAULTS);
    for (int i = 0; i < n; i++) {
      store.write(Memory.of(String.format("note-%03d", i), MemoryType.PROJECT, "Build note " + i,
          "Step " + i + " of the build caches the generated sources.\n"));
    }
  }

  @Test
  void offATerminalReindexShowsAFewProgressLinesAndLeavesNothingForRecallToEmbed() throws Exception {
    memories(100);

    CommandRun r = run("reindex");

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err().lines()).containsExactly("reindex: indexing (100 items)", "reindex: indexing 64/100");
    assertThat(r.out()).contains("100 memories indexed, 100 with a vector; recall finds them by bm25 + vectors");
    CommandRun recall = run("recall", "generated sources", "--json");
    assertThat(recall.exitCode()).as(recall.err()).isZero();
    JsonNode answer = JsonOutput.mapper().readTree(recall.out());
    assertThat(answer.get("index").asText()).contains("(unchanged, 100 unchanged)");
    assertThat(answer.get("notes").toString()).doesNotContain("not embedded yet");
  }

  @Test
  void withJsonReindexPrintsWhatItDidAndNoProgress() throws Exception {
    memories(70);

    CommandRun r = run("reindex", "--json");

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    JsonNode done = JsonOutput.mapper().readTree(r.out());
    assertThat(done.get("memories").asInt()).isEqualTo(70);
    assertThat(done.get("embedded").asInt()).isEqualTo(70);
    assertThat(done.get("retrieval").asText()).startsWith("bm25 + vectors");
  }
}
