package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.RecallSettings;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecalledMemory;
import io.engram.recall.ResidentIndexes;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Lucene index kept open between recalls ({@link ResidentIndexes}, as the resident service keeps it) sees what
 * another process writes at the very next call, and holds nothing that keeps that process waiting in between;
 * following the store's change events, it asks its directory nothing until one is told.
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
    return new MemoryRecall(memory, home, RecallSettings.DEFAULTS,
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
  void followingTheStoreEventsAKeptIndexAsksNothingUntilAChangeThenSeesAnotherProcesssWriteAndForget()
      throws Exception {
    AtomicInteger asked = new AtomicInteger();
    try (MemoryChanges changes = MemoryChanges.watching(); ResidentIndexes kept = new ResidentIndexes(changes)) {
      assumeTrue(changes.stamp().isPresent(), "no native watch of directories on this platform");
      // The service's store, opened with the watched events as the service opens every project's.
      ProjectMemory served = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(),
          MemoryWriteListener.NONE, new MemoryFileCache(), changes);
      MemoryRecall service = countingAsks(served, asked).keepingIndexesIn(kept);
      assertThat(names(service.recall("redis integration tests", Optional.empty()))).contains("tests-need-redis");
      for (int i = 0; i < 3; i++) {
        assertThat(service.recall("pnpm lockfile", Optional.empty()).index()).contains("kept open");
      }
      assertThat(asked).as("calls that asked the index directory whether another process committed").hasValue(0);

      // Another process: its own store and index instance, neither opened with the service's events.
      ProjectMemory cli = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
      long before = changes.stamp().getAsLong();
      cli.write(Memory.of("kafka-topics", MemoryType.PROJECT, "Kafka topics are made by terraform",
          "Never create kafka topics by hand; add them to terraform/kafka.tf.\n"));
      recall(cli).recall("kafka topics terraform", Optional.empty());
      awaitChangeTold(changes, before);
      assertThat(names(service.recall("kafka topics", Optional.empty()))).containsExactly("kafka-topics");
      assertThat(asked).as("asked once, after the change was told").hasValue(1);
      service.recall("kafka topics", Optional.empty());
      assertThat(asked).as("and not again while nothing changed").hasValue(1);

      before = changes.stamp().getAsLong();
      cli.forget("tests-need-redis", ChangedBy.CLI);
      awaitChangeTold(changes, before);
      assertThat(names(service.recall("redis integration tests", Optional.empty()))).doesNotContain("tests-need-redis");
      assertThat(names(service.recall("pnpm lockfile", Optional.empty()))).contains("use-pnpm");
    }
  }

  /**
   * Waits for the operating system's reports of another process's change to reach {@code changes}: until a change is
   * told, then until none more is for half a second (a write is reported file by file).
   */
  private static void awaitChangeTold(MemoryChanges changes, long before) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (changes.stamp().getAsLong() == before && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(changes.stamp().getAsLong()).as("a change was told within 20 s").isNotEqualTo(before);
    for (long seen = -1; seen != changes.stamp().getAsLong(); ) {
      seen = changes.stamp().getAsLong();
      Thread.sleep(500);
    }
  }

  /** Recall over {@code memory} whose on-disk index counts, in {@code asked}, the calls that ask its directory. */
  private MemoryRecall countingAsks(ProjectMemory memory, AtomicInteger asked) {
    return new MemoryRecall(memory, home, RecallSettings.DEFAULTS, new MemoryRecall.Backend(
        Optional.of(dir -> new AskCounting(LuceneSearchIndex.onDisk(dir), asked)), Optional.empty(), Optional.empty()),
        Clock.systemUTC());
  }

  /** A search index that counts how often it is asked whether it is still what is stored. */
  private record AskCounting(SearchIndex index, AtomicInteger asked) implements SearchIndex {
    @Override
    public boolean current() {
      asked.incrementAndGet();
      return index.current();
    }

    @Override
    public void upsert(Entry entry) {
      index.upsert(entry);
    }

    @Override
    public void remove(String id) {
      index.remove(id);
    }

    @Override
    public Map<String, String> contentHashes() {
      return index.contentHashes();
    }

    @Override
    public List<Hit> keywordSearch(String query, int limit) {
      return index.keywordSearch(query, limit);
    }

    @Override
    public Map<String, Double> keywordCoverage(String query, java.util.Collection<String> ids) {
      return index.keywordCoverage(query, ids);
    }

    @Override
    public List<Hit> vectorSearch(float[] vector, int limit) {
      return index.vectorSearch(vector, limit);
    }

    @Override
    public void commit() {
      index.commit();
    }

    @Override
    public void release() {
      index.release();
    }

    @Override
    public void close() {
      index.close();
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
