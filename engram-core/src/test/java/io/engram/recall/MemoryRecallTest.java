package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.HooksSettings;
import io.engram.config.RecallSettings;
import io.engram.fs.FileLock;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryRecallTest {
  static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  static final Clock WRITE_CLOCK = Clock.fixed(T0, ZoneOffset.UTC);
  static final Clock RECALL_CLOCK = Clock.fixed(T0.plusSeconds(3600), ZoneOffset.UTC);

  @TempDir Path home;
  @TempDir Path project;
  ProjectMemory store;

  EngramRoots roots;

  @BeforeEach
  void open() throws IOException {
    roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    store = MemoryStores.open(roots, EngramSettings.DEFAULTS, WRITE_CLOCK);
    store.write(Memory.of("tests-need-redis", MemoryType.PROJECT, "Integration tests need a local Redis",
        "Start redis-server on port 6379 before running the integration tests.\n"));
    store.write(Memory.of("use-pnpm", MemoryType.FEEDBACK, "The project uses pnpm, never npm",
        "Install packages with pnpm install; npm breaks the lockfile.\n"));
    store.write(Memory.of("deploy-dashboard", MemoryType.REFERENCE, "Where deploys are watched",
        "Deploys are watched on the grafana dashboard at grafana.example.com/d/deploys.\n"));
  }

  private MemoryRecall recall(RecallSettings settings) {
    MemoryRecall.Backend backend =
        new MemoryRecall.Backend(Optional.of(FileBackedIndex::open), Optional.empty(), Optional.empty());
    return new MemoryRecall(store, home, settings, backend, RECALL_CLOCK);
  }

  private MemoryRecall recall() {
    return recall(RecallSettings.DEFAULTS);
  }

  private static java.util.List<String> names(MemoryRecall.Outcome o) {
    return o.result().memories().stream().map(RecalledMemory::name).toList();
  }

  @Test
  void indexStaysInStepWithWriteForgetAndRestore() throws IOException {
    MemoryRecall.Outcome first = recall().recall("redis integration tests", Optional.empty());
    assertThat(names(first)).first().isEqualTo("tests-need-redis");
    assertThat(first.index()).contains("on disk").contains("3 added");
    assertThat(recall().indexDirectory()).exists().startsWith(home.resolve("projects"));

    int before = FileBackedIndex.UPSERTS.get();
    assertThat(recall().recall("redis", Optional.empty()).index()).contains("unchanged, 3 unchanged");
    assertThat(FileBackedIndex.UPSERTS.get()).isEqualTo(before);

    store.write(Memory.of("use-pnpm", MemoryType.FEEDBACK, "The project uses pnpm, never npm",
        "Install packages with pnpm install; yarn is also refused.\n"));
    MemoryRecall.Outcome edited = recall().recall("yarn", Optional.empty());
    assertThat(edited.index()).contains("1 updated");
    assertThat(FileBackedIndex.UPSERTS.get()).isEqualTo(before + 1);
    assertThat(names(edited)).containsExactly("use-pnpm");

    store.forget("tests-need-redis");
    MemoryRecall.Outcome forgotten = recall().recall("redis integration tests", Optional.empty());
    assertThat(forgotten.index()).contains("1 removed");
    assertThat(names(forgotten)).doesNotContain("tests-need-redis");

    store.restore("tests-need-redis");
    MemoryRecall.Outcome restored = recall().recall("redis integration tests", Optional.empty());
    assertThat(restored.index()).contains("1 added");
    assertThat(names(restored)).first().isEqualTo("tests-need-redis");
  }

  @Test
  void aModelStillLoadingAnswersWithKeywordsAtOnceAndSaysSo() throws IOException {
    RecallIndexTest.CountingEmbedder model = new RecallIndexTest.CountingEmbedder();
    boolean[] ready = {false};
    MemoryRecall.Backend backend = new MemoryRecall.Backend(Optional.of(FileBackedIndex::open), Optional.of(() -> {
      if (!ready[0]) {
        throw new EmbedderNotReady("the embedding model counting is still loading");
      }
      return model;
    }), Optional.empty());
    MemoryRecall recall = new MemoryRecall(store, home, RecallSettings.DEFAULTS, backend, RECALL_CLOCK);

    MemoryRecall.Outcome warming = recall.recall("redis integration tests", Optional.of("s1"));

    assertThat(names(warming)).containsExactly("tests-need-redis");
    assertThat(warming.retrieval()).isEqualTo("bm25; vectors once the embedding model has loaded");
    assertThat(warming.notes()).anyMatch(n -> n.contains("still loading"));
    assertThat(model.embedded).isEmpty();
    assertThat(recall.indexDirectory().getFileName()).hasToString("bm25");

    ready[0] = true;
    MemoryRecall.Outcome loaded = recall.recall("pnpm lockfile", Optional.of("s1"));
    assertThat(loaded.retrieval()).startsWith("bm25 + vectors");
    assertThat(names(loaded)).containsExactly("use-pnpm");
    assertThat(loaded.notes()).noneMatch(n -> n.contains("still loading"));
  }

  /** Words on axes, token vectors too, and the queries read counted; safe to call from several threads. */
  private static final class SharedEmbedder implements Embedder {
    final RecallIndexTest.TokenEmbedder words = new RecallIndexTest.TokenEmbedder();
    final java.util.Map<String, Integer> queriesRead = new java.util.concurrent.ConcurrentHashMap<>();
    volatile boolean failQueries;

    @Override
    public synchronized float[] embed(String text) {
      return words.embed(text);
    }

    @Override
    public synchronized List<float[]> tokenVectors(String text, boolean query) {
      return words.tokenVectors(text, query);
    }

    @Override
    public QueryReading readQuery(String query) {
      queriesRead.merge(query, 1, Integer::sum);
      if (failQueries) {
        throw new IllegalStateException("model unavailable");
      }
      return Embedder.super.readQuery(query);
    }

    @Override
    public int dimension() {
      return 3;
    }
  }

  @Test
  void queriesReadAheadOnAnotherThreadGiveTheSameAnswersAndAreEachReadOnce() throws IOException {
    SharedEmbedder model = new SharedEmbedder();
    MemoryRecall.Backend backend =
        new MemoryRecall.Backend(Optional.of(FileBackedIndex::open), Optional.of(() -> model), Optional.empty());
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      MemoryRecall inline = new MemoryRecall(store, home, RecallSettings.DEFAULTS, backend, RECALL_CLOCK);
      MemoryRecall ahead = inline.readingQueriesOn(pool);
      for (RecallQuery query : List.of(RecallQuery.of("redis integration tests"), RecallQuery.of("kitten"),
          new RecallQuery("which package manager", Optional.of("editing package.json and the pnpm lockfile")))) {
        model.queriesRead.clear();
        RecallResult expected = inline.recall(query, Optional.empty(), 5).result();
        java.util.Map<String, Integer> readInline = java.util.Map.copyOf(model.queriesRead);
        model.queriesRead.clear();

        assertThat(ahead.recall(query, Optional.empty(), 5).result()).isEqualTo(expected);
        assertThat(model.queriesRead).isEqualTo(readInline).allSatisfy((text, times) -> assertThat(times).isOne());
      }
      model.failQueries = true; // the model fails: keywords still answer, as without reading ahead
      assertThat(names(ahead.recall("redis integration tests", Optional.empty())))
          .isEqualTo(names(inline.recall("redis integration tests", Optional.empty())))
          .containsExactly("tests-need-redis");
    } finally {
      pool.shutdownNow();
    }
  }

  // Topic files as the store writes them, put in place directly: a store write each rewrites MEMORY.md and syncs
  // both files, which made up most of this class's time (these tests are about embedding, not writing).
  private void writeNotes(int n) throws IOException {
    Path dir = store.location().projectDir();
    for (int i = 0; i < n; i++) {
      String name = String.format("note-%03d", i);
      Memory note = Memory.builder(name, MemoryType.PROJECT).description("Note " + i + " about the build")
          .body("The build step " + i + " caches the kitten images.\n").created(T0).updated(T0).build();
      Files.writeString(dir.resolve(name + ".md"), MemoryFormat.format(note));
    }
  }

  // A memory's text has lines (name, description, body); a query here has none.
  private static long documentsEmbedded(RecallIndexTest.CountingEmbedder model) {
    return model.embedded.stream().filter(t -> t.contains("\n")).count();
  }

  // Recall with {@code model} on disk, each sync embedding one batch, what it leaves handed to {@code tasks}.
  private MemoryRecall oneBatchASync(RecallIndexTest.CountingEmbedder model, java.util.Queue<Runnable> tasks) {
    MemoryRecall.Backend backend =
        new MemoryRecall.Backend(Optional.of(FileBackedIndex::open), Optional.of(() -> model), Optional.empty());
    return new MemoryRecall(store, home, RecallSettings.DEFAULTS, backend, RECALL_CLOCK)
        .embeddingPendingOn(tasks::add).withEmbeddingBudget(java.time.Duration.ZERO);
  }

  @Test
  void whatASyncLeftUnembeddedIsEmbeddedInTheBackgroundOneSliceATaskAndOneRunAtATime() throws IOException {
    writeNotes(400);
    RecallIndexTest.CountingEmbedder model = new RecallIndexTest.CountingEmbedder();
    java.util.ArrayDeque<Runnable> tasks = new java.util.ArrayDeque<>();
    MemoryRecall recall = oneBatchASync(model, tasks).keepingIndexesIn(new ResidentIndexes());

    // Queries no memory's words match: no memory's cosine is computed for them, so every embedding counted is a sync's.
    MemoryRecall.Outcome first = recall.recall("zebra crossing", Optional.empty());
    recall.recall("zebra stripes", Optional.empty());

    // 403 memories, one batch of 64 embedded by the first sync; the second has nothing new and leaves the rest to
    // the background, one run queued, one chunk of 256 a slice (the budget is zero).
    assertThat(first.notes()).anyMatch(n -> n.contains("339 of 403 memories are not embedded yet"));
    assertThat(documentsEmbedded(model)).isEqualTo(64);
    assertThat(tasks).hasSize(1);
    int slices = 0;
    while (!tasks.isEmpty()) {
      tasks.poll().run();
      slices++;
    }
    assertThat(slices).isEqualTo(2);
    assertThat(documentsEmbedded(model)).isEqualTo(403);
    MemoryRecall.Outcome after = recall.recall("zebra crossing", Optional.empty());
    assertThat(after.notes()).noneMatch(n -> n.contains("not embedded yet"));
    assertThat(after.index()).contains("unchanged");
    assertThat(tasks).isEmpty();
  }

  @Test
  void reindexEmbedsTheWholeStoreInStepsOfTheBudgetAndReportsEachStep() throws IOException {
    writeNotes(150);
    RecallIndexTest.CountingEmbedder model = new RecallIndexTest.CountingEmbedder();
    MemoryRecall recall = oneBatchASync(model, new java.util.ArrayDeque<>());
    List<String> steps = new java.util.ArrayList<>();

    MemoryRecall.Reindexed done = recall.reindex((embedded, memories) -> steps.add(embedded + "/" + memories));

    // 153 memories (the three of setUp and 150 notes), one batch of 64 a step with a zero budget.
    assertThat(steps).containsExactly("64/153", "128/153", "153/153");
    assertThat(done.embedded()).isEqualTo(153);
    assertThat(done.retrieval()).startsWith("bm25 + vectors");
    assertThat(documentsEmbedded(model)).isEqualTo(153);
    MemoryRecall.Outcome after = recall.recall("zebra crossing", Optional.empty());
    assertThat(after.notes()).noneMatch(n -> n.contains("not embedded yet"));
    assertThat(after.index()).contains("unchanged");
    assertThat(documentsEmbedded(model)).isEqualTo(153);
  }

  @Test
  void reindexWithoutAModelBuildsTheKeywordIndexInOneStep() throws IOException {
    writeNotes(100);
    List<String> steps = new java.util.ArrayList<>();

    MemoryRecall.Reindexed done = recall().reindex((embedded, memories) -> steps.add(embedded + "/" + memories));

    assertThat(steps).containsExactly("0/103");
    assertThat(done.retrieval()).isEqualTo("bm25");
    assertThat(done.index()).contains("103 added");
  }

  @Test
  void withoutAResidentProcessTheNextRecallEmbedsTheNextSlice() throws IOException {
    writeNotes(150);
    RecallIndexTest.CountingEmbedder model = new RecallIndexTest.CountingEmbedder();
    java.util.ArrayDeque<Runnable> tasks = new java.util.ArrayDeque<>();
    MemoryRecall recall = oneBatchASync(model, tasks);

    recall.recall("zebra crossing", Optional.empty());
    assertThat(documentsEmbedded(model)).isEqualTo(64);
    recall.recall("zebra crossing", Optional.empty());

    assertThat(documentsEmbedded(model)).isEqualTo(128);
    assertThat(tasks).isEmpty();
  }

  @Test
  void aNewMemoryIsEmbeddedBeforeTheOnesAlreadyWaitingByKeywords() throws IOException {
    writeNotes(150);
    RecallIndexTest.CountingEmbedder model = new RecallIndexTest.CountingEmbedder();
    MemoryRecall recall = oneBatchASync(model, new java.util.ArrayDeque<>());
    recall.recall("zebra crossing", Optional.empty());
    store.write(Memory.of("zz-litter", MemoryType.PROJECT, "Litter box", "The kitten litter box is upstairs.\n"));

    recall.recall("zebra crossing", Optional.empty());

    assertThat(documentsEmbedded(model)).isEqualTo(128);
    assertThat(model.embedded).anyMatch(t -> t.contains("litter box is upstairs"));
  }

  /** The counting model, thread-safe, holding any text embedded on a thread named "catch-up" until released. */
  private static final class GatedEmbedder implements Embedder {
    final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
    final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    private final RecallIndexTest.CountingEmbedder counting = new RecallIndexTest.CountingEmbedder();

    @Override
    public float[] embed(String text) {
      if (Thread.currentThread().getName().equals("catch-up")) {
        entered.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      synchronized (counting) {
        return counting.embed(text);
      }
    }

    @Override
    public int dimension() {
      return 3;
    }
  }

  @Test
  void aRecallWhileTheBackgroundEmbedsIsAnsweredFromTheIndexWithItsVectors() throws Exception {
    writeNotes(150);
    GatedEmbedder model = new GatedEmbedder();
    java.util.ArrayDeque<Runnable> tasks = new java.util.ArrayDeque<>();
    MemoryRecall.Backend backend =
        new MemoryRecall.Backend(Optional.of(FileBackedIndex::open), Optional.of(() -> model), Optional.empty());
    MemoryRecall recall = new MemoryRecall(store, home, RecallSettings.DEFAULTS, backend, RECALL_CLOCK)
        .embeddingPendingOn(tasks::add).withEmbeddingBudget(java.time.Duration.ZERO)
        .keepingIndexesIn(new ResidentIndexes());
    recall.recall("zebra crossing", Optional.empty());
    Thread slice = new Thread(tasks.poll(), "catch-up");
    slice.start();
    try {
      assertThat(model.entered.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

      MemoryRecall.Outcome during = CompletableFuture.supplyAsync(() -> {
        try {
          return recall.recall("redis integration tests", Optional.empty());
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).get(5, java.util.concurrent.TimeUnit.SECONDS);

      assertThat(names(during)).first().isEqualTo("tests-need-redis");
      assertThat(during.index()).startsWith("on disk");
      assertThat(during.retrieval()).startsWith("bm25 + vectors");
    } finally {
      model.release.countDown();
      slice.join(10_000);
    }
    assertThat(recall.recall("zebra crossing", Optional.empty()).notes()).noneMatch(n -> n.contains("not embedded"));
  }

  @Test
  void supersededAndExpiredMemoriesAreLeftOut() throws IOException {
    store.write(Memory.builder("redis-on-6380", MemoryType.PROJECT).description("Redis moved")
        .body("Integration tests now need redis on port 6380.\n").build());
    store.write(store.read("tests-need-redis").orElseThrow().memory().toBuilder().supersededBy("redis-on-6380").build());
    store.write(Memory.builder("redis-freeze", MemoryType.PROJECT).description("Redis freeze")
        .body("No redis upgrades until the release.\n").validUntil(T0.minusSeconds(60)).build());

    MemoryRecall.Outcome o = recall().recall("redis integration tests", Optional.empty());
    assertThat(names(o)).containsExactly("redis-on-6380");
    assertThat(o.result().leftOut()).extracting(RecallResult.LeftOut::id, RecallResult.LeftOut::reason)
        .contains(org.assertj.core.groups.Tuple.tuple("tests-need-redis.md", "superseded"),
            org.assertj.core.groups.Tuple.tuple("redis-freeze.md", "superseded"));
  }

  @Test
  void sessionBudgetsAndNoRepeatsHoldAcrossSeparateInstances() throws IOException {
    Optional<String> session = Optional.of("sess-1");
    MemoryRecall.Outcome first = recall().recall("redis pnpm grafana", session);
    assertThat(names(first)).containsExactlyInAnyOrder("tests-need-redis", "use-pnpm", "deploy-dashboard");

    // A second process of the same session: a new instance that only shares the home.
    MemoryRecall.Outcome second = recall().recall("redis pnpm grafana", session);
    assertThat(second.result().memories()).isEmpty();
    assertThat(second.result().leftOut()).extracting(RecallResult.LeftOut::reason)
        .containsOnly("already sent this session");
    assertThat(second.result().sessionBytes()).isEqualTo(first.result().sessionBytes());

    // Another session starts afresh.
    assertThat(names(recall().recall("redis", Optional.of("other")))).contains("tests-need-redis");

    // A session budget smaller than two memories stops the second call, across instances.
    int one = first.result().memories().get(0).bytes();
    RecallSettings d = RecallSettings.DEFAULTS;
    RecallSettings tight = RecallFixtures.settings(d.filesPerTurn(), d.bytesPerFile(), d.bytesPerTurn(), one + 10);
    MemoryRecall.Outcome a = recall(tight).recall("redis", Optional.of("tight"));
    assertThat(names(a)).containsExactly("tests-need-redis");
    MemoryRecall.Outcome b = recall(tight).recall("pnpm grafana", Optional.of("tight"));
    assertThat(b.result().memories()).isEmpty();
    assertThat(b.result().leftOut()).extracting(RecallResult.LeftOut::reason).contains("session byte budget spent");
    assertThat(io.engram.fs.SessionLedger.of(home, "tight").read(RecallSessionState.SECTION).surfaced()).containsExactly("tests-need-redis");
  }

  @Test
  void aSessionIdThatCannotNameADirectoryIsRefusedClearly() {
    assertThatThrownBy(() -> recall().recall("redis", Optional.of("../sess")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("../sess");
  }

  @Test
  void aRecallAloneNeverMakesAMemoryHotterAndRecordedUseIsWrittenBackWithoutTouchingUpdated() throws IOException {
    StoredMemory before = store.read("use-pnpm").orElseThrow();
    MemoryRecall.Outcome sent = recall().recall("pnpm", Optional.empty());
    assertThat(sent.result().memories()).extracting(RecalledMemory::name).contains("use-pnpm");
    assertThat(store.read("use-pnpm").orElseThrow().memory().recallCount()).isZero();
    assertThat(store.read("use-pnpm").orElseThrow().memory().lastRecalled()).isEmpty();
    assertThat(recall().recordUse(List.of("use-pnpm"))).isEmpty();
    assertThat(recall().recordUse(List.of("use-pnpm"))).isEmpty();
    Memory after = store.read("use-pnpm").orElseThrow().memory();
    assertThat(after.recallCount()).isEqualTo(2);
    assertThat(after.lastRecalled()).contains(RECALL_CLOCK.instant());
    assertThat(after.updated()).isEqualTo(before.memory().updated());
    assertThat(after.body()).isEqualTo(before.memory().body());
    assertThat(store.read("deploy-dashboard").orElseThrow().memory().recallCount()).isZero();
  }

  @Test
  void corruptIndexIsRebuilt() throws IOException {
    recall().recall("redis", Optional.empty());
    Path dir = recall().indexDirectory();
    Files.writeString(dir.resolve("entries.json"), "{not json");
    MemoryRecall.Outcome o = recall().recall("redis", Optional.empty());
    assertThat(names(o)).first().isEqualTo("tests-need-redis");
    assertThat(o.notes()).anyMatch(n -> n.contains("deleted and rebuilt"));
    assertThat(o.index()).contains("on disk").contains("3 added");
    assertThat(recall().recall("redis", Optional.empty()).notes()).isEmpty();
  }

  @Test
  void aRecallOfASessionWhoseLedgerIsHeldWaitsTheWaitItWasGivenThenSaysWhoHoldsIt() throws Exception {
    java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    CompletableFuture<Object> holder = CompletableFuture.supplyAsync(() -> {
      try {
        return io.engram.fs.SessionLedger.of(home, "busy").update(java.time.Duration.ofSeconds(5), lock -> "held",
            sections -> {
              entered.countDown();
              try {
                release.await(10, java.util.concurrent.TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return null;
            });
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    try {
      assertThat(entered.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      long start = System.nanoTime();

      // The project's Engram gives its recall the wait of hooks.sessionLockWaitMillis.
      EngramSettings settings = EngramSettings.DEFAULTS.with("hooks",
          HooksSettings.DEFAULTS.with("sessionLockWaitMillis", 100));
      io.engram.Engram engram = io.engram.Engram.builder(roots).settings(settings).memory(store).build();
      assertThatThrownBy(() -> engram.recall().recall("redis", Optional.of("busy")))
          .isInstanceOf(IOException.class).hasMessageContaining("another recall of this session holds")
          .hasMessageContaining("for over 100 ms");
      assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofMillis(1_500));
    } finally {
      release.countDown();
      holder.join();
    }
  }

  @Test
  void busyIndexFallsBackToAnInMemoryIndexForTheCall() throws Exception {
    Path dir = recall().indexDirectory();
    Files.createDirectories(dir.getParent());
    try (FileLock held = FileLock.acquire(dir.resolveSibling(dir.getFileName() + ".lock"))) {
      MemoryRecall.Outcome o = CompletableFuture.supplyAsync(() -> {
        try {
          return recall().recall("pnpm", Optional.empty());
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).get();
      assertThat(names(o)).containsExactly("use-pnpm");
      assertThat(o.index()).startsWith("in memory");
      assertThat(o.notes()).anyMatch(n -> n.contains("in use by another process"));
    }
  }

  @Test
  void manifestListsCurrentMemoriesAndLeavesSupersededOnesOut() throws IOException {
    store.write(store.read("use-pnpm").orElseThrow().memory().toBuilder().supersededBy("use-yarn").build());
    Manifest m = recall().manifest();
    assertThat(m.entries()).extracting(Manifest.Entry::name).containsExactlyInAnyOrder("tests-need-redis",
        "deploy-dashboard");
    assertThat(m.render()).contains("- [project] tests-need-redis: Integration tests need a local Redis");
    RecallSettings d = RecallSettings.DEFAULTS;
    RecallSettings one = d.with("manifestMaxFiles", 1);
    assertThat(recall(one).manifest().omitted()).isEqualTo(1);
  }

  @Test
  void callerKeptSessionStateExcludesNamesAndCountsBytes() throws IOException {
    MemoryRecall.Outcome o = recall().recall("redis pnpm", java.util.Set.of("use-pnpm"), 100);
    assertThat(names(o)).containsExactly("tests-need-redis");
    assertThat(o.result().sessionBytes()).isEqualTo(100 + o.result().turnBytes());
  }
}
