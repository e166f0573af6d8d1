package io.engram.recall;

import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The standing rules of a project: its {@code user} and {@code feedback} memories, what the agent must obey in every
 * turn, so they are sent whole at a session's start and again after each compaction (a compaction summary keeps what
 * was done, not every rule that was said). Each goes word for word (its body at most {@code recall.bytesPerFile}), in
 * {@link #ORDER}, while it fits the room; each one that does not is named, so the agent can read it.
 *
 * @param text the block to send: a heading, then each memory as {@link MemorySection} shows it; empty when none fit
 * @param sent the memories in {@code text}, in order
 * @param leftOut the standing memories that did not fit
 */
public record StandingMemories(String text, List<String> sent, List<String> leftOut) {
  /** The heading of the block. */
  public static final String HEADING = "# Standing preferences and corrections (Engram memory)\n\n";

  /**
   * The order standing memories go in: corrections (feedback) before preferences (user), then the more used (how
   * often the agent asked for or read one, then how lately), then the newest.
   */
  public static final Comparator<StoredMemory> ORDER = Comparator
      .comparing((StoredMemory m) -> m.memory().type() == MemoryType.FEEDBACK ? 0 : 1)
      .thenComparing(Comparator.comparingInt((StoredMemory m) -> m.memory().recallCount()).reversed())
      .thenComparing(m -> m.memory().lastRecalled().orElse(Instant.EPOCH), Comparator.reverseOrder())
      .thenComparing(m -> m.memory().updated().orElse(Instant.EPOCH), Comparator.reverseOrder())
      .thenComparing(StoredMemory::name);

  public StandingMemories {
    sent = List.copyOf(sent);
    leftOut = List.copyOf(leftOut);
  }

  /**
   * The standing memories among {@code memories} (not superseded at {@code now}) that fit {@code chars} characters
   * of block, each body clipped to {@code bytesPerFile}.
   */
  public static StandingMemories select(List<StoredMemory> memories, Instant now, int chars, int bytesPerFile) {
    List<StoredMemory> standing = memories.stream()
        .filter(m -> m.memory().type() == MemoryType.USER || m.memory().type() == MemoryType.FEEDBACK)
        .filter(m -> !m.memory().isSuperseded(now))
        .sorted(ORDER)
        .toList();
    StringBuilder blocks = new StringBuilder();
    List<String> sent = new ArrayList<>();
    List<String> leftOut = new ArrayList<>();
    for (StoredMemory m : standing) {
      String block = MemorySection.of(m, MemoryRecall.clip(m.memory().body().strip(), bytesPerFile)) + "\n\n";
      if (HEADING.length() + blocks.length() + block.length() > chars) {
        leftOut.add(m.name());
      } else {
        blocks.append(block);
        sent.add(m.name());
      }
    }
    return new StandingMemories(sent.isEmpty() ? "" : (HEADING + blocks).strip(), sent, leftOut);
  }

}
