package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import io.engram.recall.ResidentIndexes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Lucene index kept open between recalls ({@link ResidentIndexes}, as the resident service keeps it) sees what
 * another process writes at the very next call, and holds nothing that keeps that process waiting in between.
 */
class ResidentLuceneIndexTest {
  @TempDir Path home;
  @TempDir Path project;
  EngramRoots roots;
  ProjectMemory store;

  @BeforeEach
  void seed() throws IOException {
    roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
    store.write(Memory.of("tests-need-redis", MemoryType.PROJECT, "Integration tests need a local Redis",
        "Start redis-server on port 6379 before running the integration tests.\n"));
    store.write(Memory.of("use-pnpm", MemoryType.FEEDBACK, "The project uses pnpm, never npm",
        "Install packages with pnpm install; npm breaks the lockfile.\n"));
  }

  private MemoryRecall recall(ProjectMemory memory) {
    return new MemoryRecall(memory, home, EngramSettings.Recall.DEFAULTS,
        new MemoryRecall.Backend(Optional.of(LuceneSearchIndex::onDisk), Optional.empty(), Optional.empty()),
        Clock.systemUTC());
  }

  private static List<String> names(MemoryRecall.Outcome o) {
    return o.result().memories().stream().map(RecalledMemory::name).toList();
  }

  @Test
  void anotherProcesssWriteIsFoundByTheNextCallAndItsIndexCommitReopensTheKeptOne() throws IOException {
    try (ResidentIndexes kept = new ResidentIndexes()) {
      MemoryRecall service = recall(store).keepingIndexesIn(kept);
      assertThat(names(service.recall("redis integration tests", Optional.empty()))).contains("tests-need-redis");
      assertThat(kept.size()).isEqualTo(1);
      assertThat(service.recall("pnpm lockfile", Optional.empty()).index()).contains("kept open");

      // Another process: its own store and its own index instance, while the service keeps one open.
      ProjectMemory cli = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
      cli.write(Memory.of("kafka-topics", MemoryType.PROJECT, "Kafka topics are made by terraform",
          "Never create kafka topics by hand; add them to terraform/kafka.tf.\n"));
      MemoryRecall.Outcome other = recall(cli).recall("kafka topics terraform", Optional.empty());
      assertThat(other.index()).as("not held up by the service").contains("on disk").contains("1 added");

      MemoryRecall.Outcome next = recall(store).keepingIndexesIn(kept).recall("kafka topics", Optional.empty());
      assertThat(names(next)).containsExactly("kafka-topics");
      assertThat(next.index()).as("the other process committed: opened again").doesNotContain("kept open")
          .contains("unchanged");
    }
  }

  @Test
  void aWriteTheIndexHasNotSeenIsIndexedThroughTheKeptIndexWhoseWriterIsReleasedAfter() throws IOException {
    try (ResidentIndexes kept = new ResidentIndexes()) {
      recall(store).keepingIndexesIn(kept).recall("redis", Optional.empty());
      store.write(Memory.of("kafka-topics", MemoryType.PROJECT, "Kafka topics are made by terraform",
          "Never create kafka topics by hand; add them to terraform/kafka.tf.\n"));
      MemoryRecall.Outcome next = recall(store).keepingIndexesIn(kept).recall("kafka", Optional.empty());
      assertThat(names(next)).containsExactly("kafka-topics");
      assertThat(next.index()).contains("kept open").contains("1 added");

      // Lucene's write lock is free again: another process's writer opens at once.
      Path dir = recall(store).indexDirectory();
      try (LuceneSearchIndex other = LuceneSearchIndex.onDisk(dir)) {
        other.remove("kafka-topics.md");
        other.commit();
      }
      assertThat(names(recall(store).keepingIndexesIn(kept).recall("kafka", Optional.empty())))
          .as("the index is a cache of the files: the removed entry is indexed again").containsExactly("kafka-topics");
    }
  }

  @Test
  void currentTurnsFalseWhenAnotherInstanceCommitsAndReleaseFreesTheWriteLock(@TempDir Path dir) {
    try (LuceneSearchIndex kept = LuceneSearchIndex.onDisk(dir)) {
      kept.upsert(new io.engram.recall.SearchIndex.Entry("a", "h1", "a", "", "alpha", Optional.empty()));
      kept.commit();
      assertThat(kept.current()).isTrue();
      kept.release();
      assertThat(kept.current()).isTrue();
      try (LuceneSearchIndex other = LuceneSearchIndex.onDisk(dir)) {
        other.upsert(new io.engram.recall.SearchIndex.Entry("b", "h2", "b", "", "beta", Optional.empty()));
        other.commit();
      }
      assertThat(kept.current()).isFalse();
      assertThat(kept.keywordSearch("alpha", 5)).as("still searches what it holds").hasSize(1);
    }
  }
}
