package io.engram.dream;

import io.engram.memory.InvalidMemoryException;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import io.engram.review.Inbox;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A dream's plan proposed to the review inbox instead of applied ({@code memory.review} at PROPOSE): each change that
 * touches topic files becomes one proposal, its summary the change's, every file it writes a whole topic file and
 * every file it trashes a forget, each with the text the plan started from. The plan's index edits are not proposed:
 * the store rewrites the index with every accepted write, and the dream applies the index's own upkeep itself.
 */
final class DreamProposals {
  private DreamProposals() {}

  /**
   * Proposes {@code plan}'s changes to {@code inbox} and returns the summaries of those now waiting there; one already
   * waiting or rejected is not made again, and {@code problems} says so.
   */
  static List<String> propose(DreamPlan plan, Path dir, Inbox inbox, List<String> problems) throws IOException {
    List<String> proposed = new ArrayList<>();
    for (DreamChange change : plan.changes()) {
      List<ProposedChange> changes = new ArrayList<>();
      for (FileEdit e : change.edits()) {
        if (e.path().equals(MemoryStores.INDEX_FILE) || e.unchanged()) {
          continue;
        }
        if (e.after().isPresent()) {
          changes.add(new ProposedChange.Write(name(e.after().get(), dir, e.path()), e.before(), e.after().get()));
        } else {
          changes.add(new ProposedChange.Forget(name(e.before().orElseThrow(), dir, e.path()), e.before().get()));
        }
      }
      if (changes.isEmpty()) {
        continue;
      }
      Optional<Proposal> made = inbox.propose(Proposal.Origin.DREAM, Optional.empty(), change.summary(),
          "the dream's consolidation: " + change.summary(), changes);
      if (made.isPresent()) {
        proposed.add(change.summary());
      } else {
        problems.add(change.summary() + ": already waits in the review inbox or was rejected there, not proposed again");
      }
    }
    return proposed;
  }

  private static String name(String text, Path dir, String path) throws InvalidMemoryException {
    return MemoryFormat.parse(text, dir.resolve(path)).name();
  }
}
