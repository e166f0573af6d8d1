package io.engram.compaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What a compaction dropped, so that nothing is lost silently: the
 * {@code lost} of the compaction's JSON output. Immutable; the compactor builds it with
 * {@link #plus}, {@link #fromScore} and {@link #fromRecovery}.
 *
 * @param entries every loss, in the order recorded
 */
public record LossRecord(List<Entry> entries) {

  /** What kind of thing was dropped. */
  public enum Kind {
    /** A whole message left out of the kept context (truncation, or summarised away). */
    MESSAGE,
    /** A tool output pruned (old tool outputs go first). */
    TOOL_OUTPUT,
    /** A required summary section missing from the final summary. */
    SUMMARY_SECTION,
    /** An item of key information the final summary does not contain. */
    KEY_INFORMATION,
    /** A file that was worked on but not restored after compaction. */
    FILE_NOT_RESTORED
  }

  /**
   * One thing dropped.
   *
   * @param kind what it was
   * @param ref what identifies it: a message uuid, tool-use id, section title, key-information kind,
   *     or file path
   * @param detail why it was dropped or a short excerpt, for people
   * @param tokens what it cost in tokens, 0 when not known
   */
  public record Entry(Kind kind, String ref, String detail, int tokens) {
    public Entry {
      if (kind == null || ref == null || detail == null || tokens < 0) {
        throw new IllegalArgumentException("loss entry needs kind, ref, detail and tokens >= 0");
      }
    }
  }

  public LossRecord {
    entries = List.copyOf(entries);
  }

  /** Nothing lost. */
  public static LossRecord empty() {
    return new LossRecord(List.of());
  }

  /** This record with {@code entry} added at the end. */
  public LossRecord plus(Entry entry) {
    return new LossRecord(Stream.concat(entries.stream(), Stream.of(entry)).toList());
  }

  /** This record followed by every entry of {@code other}. */
  public LossRecord plus(LossRecord other) {
    return new LossRecord(Stream.concat(entries.stream(), other.entries().stream()).toList());
  }

  /** The missing sections and lost key information of a final summary's score. */
  public static LossRecord fromScore(CompactionScore score) {
    List<Entry> out = new ArrayList<>();
    for (SummarySection s : score.evidence().missingSections()) {
      out.add(new Entry(Kind.SUMMARY_SECTION, s.number() + ". " + s.title(), "missing from the summary", 0));
    }
    score.evidence().lost().forEach((kind, items) -> items.forEach(item ->
        out.add(new Entry(Kind.KEY_INFORMATION, kind.name().toLowerCase(Locale.ROOT), item, 0))));
    return new LossRecord(out);
  }

  /** The candidates a recovery plan did not restore, with the reason. */
  public static LossRecord fromRecovery(RecoveryPlan plan) {
    List<Entry> out = new ArrayList<>();
    for (RecoveryCandidate c : plan.tooLarge()) {
      out.add(new Entry(Kind.FILE_NOT_RESTORED, c.path(), "over the per-file or free token limit", c.tokens()));
    }
    for (RecoveryCandidate c : plan.leftOut()) {
      out.add(new Entry(Kind.FILE_NOT_RESTORED, c.path(), "not in the best selection within the budget", c.tokens()));
    }
    return new LossRecord(out);
  }

  /** The entries of one kind. */
  public List<Entry> of(Kind kind) {
    return entries.stream().filter(e -> e.kind() == kind).toList();
  }

  /** The summed tokens of all entries. */
  public long totalTokens() {
    return entries.stream().mapToLong(Entry::tokens).sum();
  }
}
