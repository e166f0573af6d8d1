package io.engram.extract;

import java.util.List;
import java.util.Objects;

/**
 * One labelled example of the extraction evaluation set: a few turns and the memories a careful
 * person would write from them.
 *
 * @param id stable identifier
 * @param split {@code dev} (rules were written looking at it) or {@code heldout} (they were not)
 * @param origin {@code hand} or {@code transcript:<file>#<uuid>}
 * @param turns the turns, oldest first
 * @param labels the expected memories; empty when nothing should be saved
 */
record LabelledItem(String id, String split, String origin, List<TurnText> turns, List<Label> labels) {

  public LabelledItem {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(split, "split");
    Objects.requireNonNull(origin, "origin");
    turns = List.copyOf(turns);
    labels = List.copyOf(labels);
  }

  /** An expected memory: its type and a phrase its name, description or body must contain. */
  public record Label(CandidateType type, String phrase) {
    public Label {
      Objects.requireNonNull(type, "type");
      if (phrase == null || phrase.isBlank()) {
        throw new IllegalArgumentException("label phrase must not be blank");
      }
    }

    /** Whether {@code c} is this memory: same type, and the phrase occurs in it (case-insensitive). */
    public boolean matches(MemoryCandidate c) {
      String text = (c.name() + " " + c.description() + " " + c.body()).toLowerCase(java.util.Locale.ROOT);
      return c.type() == type && text.contains(phrase.toLowerCase(java.util.Locale.ROOT));
    }
  }
}
