package io.engram.compaction;

import java.util.concurrent.CancellationException;

/**
 * Hears a compaction's stages as each begins, from the compacting thread: counting and pruning the messages,
 * reading their key information, each summary attempt, restoring the files. A caller that wants the compaction to
 * stop throws {@link CancellationException} from {@link #stage}: it leaves {@link SessionCompaction#compact} at once
 * (no stage treats it as a failure to degrade from), and nothing has been written.
 */
@FunctionalInterface
public interface CompactionProgress {
  /** How many stages a compaction reports; the summary stage may come once per attempt. */
  int STAGES = 4;

  /** Hears nothing. */
  CompactionProgress NONE = (stage, what) -> { };

  /** Stage {@code stage} (1 to {@link #STAGES}) begins; {@code what} says which. */
  void stage(int stage, String what);
}
