package io.engram.review;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What extraction or the dream would write, waiting in the inbox for a person to accept, edit or reject it.
 *
 * @param id the short id a person names it by
 * @param origin which engine proposed it
 * @param at when it was proposed
 * @param session the session it was learnt in, when one
 * @param summary one line: what it would do ("create feedback memory 'no-mocks'")
 * @param reason why the engine proposes it (the words it was read from, the merge's likeness)
 * @param changes what accepting it writes, in order
 */
public record Proposal(String id, Origin origin, Instant at, Optional<String> session, String summary, String reason,
    List<ProposedChange> changes) {
  public Proposal {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(reason, "reason");
    changes = List.copyOf(changes);
    if (changes.isEmpty()) {
      throw new IllegalArgumentException("a proposal changes something");
    }
  }

  /** Which engine proposed it. */
  public enum Origin {
    /** The per-turn extraction pass. */
    EXTRACTION,
    /** The dream's consolidation. */
    DREAM
  }

  /** The memory a person edits when they edit the proposal: the first one it writes. */
  public Optional<ProposedChange.Write> main() {
    return changes.stream().filter(c -> c instanceof ProposedChange.Write).map(c -> (ProposedChange.Write) c)
        .findFirst();
  }
}
