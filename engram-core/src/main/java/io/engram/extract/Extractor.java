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

  /**
   * Proposes memories from the turns at and after {@code from}; the turns before it are the session's
   * earlier turns, already read by an earlier pass. An extractor whose rules need the whole session (what it
   * did repeatedly) may look at them, but proposes only what the new turns add. Evidence indexes into the
   * whole {@code turns}. The default reads the new turns alone.
   */
  default List<MemoryCandidate> extract(List<TurnText> turns, int from, List<ExistingMemory> existing) {
    if (from < 0 || from > turns.size()) {
      throw new IllegalArgumentException("from " + from + " outside 0.." + turns.size());
    }
    List<MemoryCandidate> found = extract(turns.subList(from, turns.size()), existing);
    return from == 0 ? found : found.stream().map(c -> c.shifted(from)).toList();
  }
}
