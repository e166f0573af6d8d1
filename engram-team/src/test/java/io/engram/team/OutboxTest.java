package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outbox keeps every change on disk, in the order made, until the database has it. */
class OutboxTest {
  private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

  @TempDir Path dir;

  @Test
  void changesQueuedInOneMillisecondComeOutInTheOrderTheyWereMade() throws Exception {
    Outbox outbox = new Outbox(new TeamFiles(dir));
    for (int i = 0; i < 20; i++) {
      outbox.enqueue(share("memory-" + i));
    }
    List<String> slugs = outbox.read().entries().stream().map(e -> e.change().slug()).toList();
    assertThat(slugs).containsExactlyElementsOf(java.util.stream.IntStream.range(0, 20).mapToObj(i -> "memory-" + i)
        .toList());
  }

  @Test
  void aChangeReadsBackWholeAndARefusedOneIsKeptWithItsReason() throws Exception {
    Outbox outbox = new Outbox(new TeamFiles(dir));
    PendingChange change = share("deploys");
    outbox.enqueue(change);
    Files.writeString(dir.resolve("outbox/0000000000001-garbage.json"), "{not json");

    Outbox.Contents contents = outbox.read();

    assertThat(contents.entries()).hasSize(1);
    assertThat(contents.entries().get(0).change()).isEqualTo(change);
    assertThat(contents.unreadable()).hasSize(1);
    outbox.refuse(contents.entries().get(0), "no writer role", T);
    assertThat(outbox.read().entries()).isEmpty();
    assertThat(outbox.refused()).singleElement().satisfies(r -> {
      assertThat(r.change()).isEqualTo(change);
      assertThat(r.reason()).isEqualTo("no writer role");
    });
  }

  private static PendingChange share(String slug) {
    TeamContent content = new TeamContent(slug, MemoryType.PROJECT, "About " + slug, "Body of " + slug,
        Optional.empty(), Optional.empty(), "host:project/" + slug + ".md", List.of("src/App.java"), List.of(),
        Optional.empty(), Optional.of(T));
    return new PendingChange(UUID.randomUUID(), PendingChange.Kind.SHARE, slug, Optional.of(content), 0, T,
        Optional.empty(), Optional.empty());
  }
}
