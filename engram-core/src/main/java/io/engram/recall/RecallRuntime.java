package io.engram.recall;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * What the process running a {@link MemoryRecall} lends it: where use is recorded, where the on-disk index stays open
 * between calls, where the vectors a sync left out and a query's reading are done, and how long a sync embeds and a
 * call waits for its session's ledger. A one-shot command runs all on the caller's thread and keeps nothing open; a
 * resident process gives its executors and its {@link ResidentIndexes} (see {@link MemoryRecall}'s methods that say so).
 */
record RecallRuntime(Executor useRecording, Optional<ResidentIndexes> resident, Optional<Executor> pendingVectors,
    Duration embeddingBudget, Duration sessionLockWait, Optional<Executor> queryReading) {
  /** Validates. */
  RecallRuntime {
    Objects.requireNonNull(useRecording, "useRecording");
  }

  /** All on the caller's thread, nothing kept open between calls. */
  static RecallRuntime oneShot(Duration embeddingBudget, Duration sessionLockWait) {
    return new RecallRuntime(Runnable::run, Optional.empty(), Optional.empty(), embeddingBudget, sessionLockWait,
        Optional.empty());
  }

  RecallRuntime withUseRecording(Executor executor) {
    return new RecallRuntime(executor, resident, pendingVectors, embeddingBudget, sessionLockWait, queryReading);
  }

  RecallRuntime withResident(ResidentIndexes indexes) {
    return new RecallRuntime(useRecording, Optional.of(indexes), pendingVectors, embeddingBudget, sessionLockWait,
        queryReading);
  }

  RecallRuntime withPendingVectors(Executor executor) {
    return new RecallRuntime(useRecording, resident, Optional.of(executor), embeddingBudget, sessionLockWait,
        queryReading);
  }

  RecallRuntime withEmbeddingBudget(Duration budget) {
    return new RecallRuntime(useRecording, resident, pendingVectors, budget, sessionLockWait, queryReading);
  }

  RecallRuntime withSessionLockWait(Duration wait) {
    return new RecallRuntime(useRecording, resident, pendingVectors, embeddingBudget, wait, queryReading);
  }

  RecallRuntime withQueryReading(Executor executor) {
    return new RecallRuntime(useRecording, resident, pendingVectors, embeddingBudget, sessionLockWait,
        Optional.of(executor));
  }
}
