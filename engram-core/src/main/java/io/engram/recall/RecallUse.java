package io.engram.recall;

import io.engram.fs.ErrorText;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * A use of recalled memories written back ({@link MemoryRecall#recordUse}): {@code lastRecalled} and {@code
 * recallCount} of each, on the executor that records uses, so that the caller does not wait for the store's lock.
 */
final class RecallUse {
  private RecallUse() {}

  /** Records that {@code names} were used at {@code now}; a note when the use could not be recorded. */
  static Optional<String> record(ProjectMemory memory, Executor executor, Collection<String> names, Instant now) {
    if (names.isEmpty()) {
      return Optional.empty();
    }
    List<String> used = List.copyOf(names);
    try {
      executor.execute(() -> {
        try {
          memory.markRecalled(used, now);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of("recall use not recorded (" + ErrorText.of(e) + ")");
    }
  }
}
