package io.engram.recall;

import io.engram.config.RecallSettings;
import io.engram.fs.HomeLayout;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The on-disk index of one project's recall, kept in step with its store: where it lives for the mode (keyword only,
 * or with this embedder), opened and synced for a call ({@link OpenedIndex}, which stands in an in-memory index when
 * it is busy or broken), what a call's sync left keyword-only embedded after the answer ({@link PendingVectors}, a
 * resident process's), and every memory embedded at once on a reindex. Not synchronized: {@link MemoryRecall} holds
 * its lock around a call and a reindex, and a background catch-up goes on beside them.
 */
final class ProjectIndex {
  private final ProjectMemory memory;
  private final Path home;
  private final RecallSettings settings;
  private final Optional<MemoryRecall.IndexOpener> onDisk;
  private final Clock clock;
  private final LoadedEmbedder model;
  private final Optional<ResidentIndexes> resident;
  // Where the vectors a sync left out are made after the answer (a resident process's), and how long a sync embeds.
  private final Optional<Executor> pendingVectors;
  private final Duration embeddingBudget;

  ProjectIndex(ProjectMemory memory, Path home, RecallSettings settings, Optional<MemoryRecall.IndexOpener> onDisk,
      Clock clock, LoadedEmbedder model, Optional<ResidentIndexes> resident, Optional<Executor> pendingVectors,
      Duration embeddingBudget) {
    this.memory = memory;
    this.home = home;
    this.settings = settings;
    this.onDisk = onDisk;
    this.clock = clock;
    this.model = model;
    this.resident = resident;
    this.pendingVectors = pendingVectors;
    this.embeddingBudget = embeddingBudget;
  }

  /** The directory of the index for {@code embedder} (keyword only when empty). */
  Path directory(Optional<Embedder> embedder) {
    String mode = embedder.map(e -> "hybrid-" + e.name().replaceAll("[^A-Za-z0-9_.-]", "-")).orElse("bm25");
    return HomeLayout.of(home).project(memory.location().projectKey()).index(mode);
  }

  /** The directory of the index for the current mode (keyword only while the embedder is still loading). */
  Path directory() {
    try {
      return directory(model.get());
    } catch (EmbedderNotReady e) {
      return directory(Optional.empty());
    }
  }

  /** The index holding {@code docs}, synced for one call; what went less than well goes to {@code notes}. */
  OpenedIndex open(StoreDocuments docs, Optional<Embedder> embedder, List<String> notes) throws IOException {
    if (onDisk.isEmpty()) {
      return OpenedIndex.inMemory(docs.all(), embedder, "no on-disk index configured");
    }
    return OpenedIndex.onDisk(onDisk.get(), directory(embedder), docs.all(), embedder, notes, resident,
        indexWait(), embeddingBudget, catchingUp());
  }

  /** Embeds after the answer what a call's sync left keyword-only, when this is a resident process's index. */
  void catchUpLater() {
    if (catchingUp()) {
      Path dir = directory();
      new PendingVectors(pendingVectors.get(), resident.get()).start(dir, () -> embedSlice(dir));
    }
  }

  /** See {@link MemoryRecall#reindex}. */
  MemoryRecall.Reindexed reindex(MemoryRecall.ReindexProgress progress) throws IOException {
    List<String> notes = new ArrayList<>();
    StoreDocuments docs = StoreDocuments.of(memory.list().memories(), clock.instant());
    int total = docs.all().size();
    Optional<Embedder> embedder;
    try {
      embedder = model.get();
    } catch (EmbedderNotReady e) {
      notes.add(e.getMessage() + ": nothing embedded, run reindex again once it has loaded");
      return new MemoryRecall.Reindexed(total, 0, "bm25", directory(Optional.empty()).toString(), notes);
    }
    model.problem().ifPresent(p -> notes.add("vectors off: " + p));
    String retrieval = StoreSearch.retrieval(embedder);
    if (onDisk.isEmpty()) {
      return new MemoryRecall.Reindexed(total, 0, "bm25", "none on disk: each recall indexes in memory", notes);
    }
    int lacking = Integer.MAX_VALUE;
    while (true) {
      // Not left to a background catch-up, as a resident process's recall leaves them: this call embeds them all.
      try (OpenedIndex opened = OpenedIndex.onDisk(onDisk.get(), directory(embedder), docs.all(),
          embedder, notes, resident, indexWait(), embeddingBudget, false)) {
        if (!opened.onDisk()) {
          notes.add("the index was left as it was: run reindex again");
          return new MemoryRecall.Reindexed(total, 0, "bm25", opened.description, notes);
        }
        int embedded = embedder.isEmpty() ? 0 : total - opened.unembedded;
        progress.embedded(embedded, total);
        // Each step embeds at least one batch; a step that embeds none means the model gave up: stop, say so.
        if (opened.unembedded == 0 || opened.unembedded >= lacking) {
          if (opened.unembedded > 0) {
            notes.add(opened.unembedded + " memories could not be embedded: found by keywords");
          }
          return new MemoryRecall.Reindexed(total, embedded, retrieval, opened.description, notes);
        }
        lacking = opened.unembedded;
      }
    }
  }

  private Duration indexWait() {
    return Duration.ofMillis(settings.indexWaitMillis());
  }

  /** Whether a background catch-up embeds what a sync leaves keyword-only (a resident process's). */
  private boolean catchingUp() {
    return pendingVectors.isPresent() && resident.isPresent() && onDisk.isPresent();
  }

  // One slice of the catch-up; not synchronized: recalls go on while it embeds. Whether any is still left.
  private boolean embedSlice(Path dir) throws IOException {
    Optional<Embedder> embedder = model.get();
    if (embedder.isEmpty() || !directory(embedder).equals(dir)) {
      return false; // the model changed since: the next recall syncs the index of the new one
    }
    StoreDocuments docs = StoreDocuments.of(memory.list().memories(), clock.instant());
    return new VectorCatchUp(onDisk.orElseThrow(), dir, resident.orElseThrow(), embedder.get(),
        embeddingBudget, Duration.ofMillis(settings.catchUpIndexWaitMillis())).run(docs.all());
  }
}
