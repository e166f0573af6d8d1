package io.engram.extract;

import java.util.List;

/** Reads the messages of recent turns and proposes memories. */
public interface Extractor {

  /**
   * Proposes memories from {@code turns}.
   *
   * @param turns the new messages, oldest first; turns with {@code memoryWritten} are skipped
   * @param existing the memories already stored (name and description), so that similar knowledge
   *     becomes an {@link CandidateAction#UPDATE} instead of a duplicate
   * @return candidates in input order; empty when nothing is worth remembering
   */
  List<MemoryCandidate> extract(List<TurnText> turns, List<ExistingMemory> existing);
}
