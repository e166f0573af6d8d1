package io.engram.hosted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.context.ContextLevel;
import io.engram.extract.ExtractionReport;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostedMemoryTest {
  @TempDir Path home;
  @TempDir Path project;

  private HostedMemory memory() throws IOException {
    return HostedMemory.builder(home, project).build();
  }

  @Test
  void rememberRefusesWhatEngramRememberRefusesSayingWhich() throws IOException {
    HostedMemory memory = memory();

    assertThatThrownBy(() -> memory.remember("n", "diary", "d", "b"))
        .hasMessageContaining("type must be one of").hasMessageContaining("'diary'");
    assertThatThrownBy(() -> memory.remember("n", "project", "two\nlines", "b"))
        .hasMessageContaining("description must be one line");
    assertThatThrownBy(() -> memory.remember(" ", "project", "d", "b")).hasMessageContaining("name must not be blank");
    assertThat(memory.store().list().memories()).isEmpty();
  }

  @Test
  void aRememberedSecretIsRedacted() throws IOException {
    var saved = memory().remember("aws", "reference", "The deploy key", "key AKIAIOSFODNN7EXAMPLE for deploys");

    assertThat(saved.stored().memory().body()).doesNotContain("AKIAIOSFODNN7EXAMPLE");
    assertThat(saved.redacted()).isNotEmpty();
  }

  @Test
  void learningReadsOnlyWhatThePassHasNotReadYet() throws IOException {
    HostedMemory memory = memory();
    List<TranscriptMessage> conversation = new ArrayList<>(List.of(
        TranscriptMessage.text(Role.USER, "Remember that the staging database is on port 5433."),
        TranscriptMessage.text(Role.ASSISTANT, "Noted.")));

    ExtractionReport first = memory.learn("chat", conversation);
    conversation.add(TranscriptMessage.text(Role.USER, "What time is it?"));
    conversation.add(TranscriptMessage.text(Role.ASSISTANT, "Noon."));
    ExtractionReport second = memory.learn("chat", conversation);

    assertThat(first.read().fromMessage()).isZero();
    assertThat(second.read().fromMessage()).isEqualTo(2);
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(b -> assertThat(b).contains("5433"));
  }

  @Test
  void compactionRunsOnlyAtTheCriticalLevel() throws IOException {
    HostedMemory memory = memory();
    List<TranscriptMessage> conversation = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      conversation.add(TranscriptMessage.text(Role.USER, "Step " + i + ": rename parseLine in Parser.java."));
      conversation.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.Text("Done. ".repeat(50)))));
    }
    long tokens = memory.tokens(conversation);

    assertThat(memory.compactIfDue("c", conversation, (int) (tokens * 2))).isEmpty();
    assertThat(memory.level(conversation, (int) (tokens * 1.05))).isEqualTo(ContextLevel.CRITICAL);
    HostedCompaction compaction = memory.compactIfDue("c", conversation, (int) (tokens * 1.05)).orElseThrow();
    assertThat(compaction.continuation()).contains("Step 0: rename parseLine in Parser.java.")
        .contains("Step 5: rename parseLine in Parser.java.");
    assertThat(HostedCompaction.isContinuation(compaction.continuation())).isTrue();
  }
}
