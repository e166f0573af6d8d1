package io.engram.team;

import io.engram.dream.Contradiction;
import io.engram.dream.Contradictions;
import io.engram.dream.MemoryText;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The team part of consolidation: it weighs team memories against the member's own and proposes, never changing
 * or deleting a team memory. A team memory that one of the member's corrections ({@code feedback} memories)
 * contradicts, by the dream's rules ({@link Contradictions}, the correction taken as the latest word), yields to
 * it: the mirror marks it superseded by the correction, so recall brings the correction and leaves the team's
 * out, for this member only; and the member is told, so the team can be set right. A member's own version of a
 * team memory (same name) is shown instead of the team's, and proposed for sharing.
 */
final class TeamReview {
  private TeamReview() {}

  /** What a review found: the marks the mirror should carry, the corrections it used, and the proposals. */
  record Findings(Map<String, String> yields, List<String> corrections, List<SyncState.Proposal> proposals) {}

  /**
   * Reviews the team memories of {@code memory}'s mirror against its own. {@code previous} is the last review:
   * when the corrections are the same ones, only {@code changed} team memories are compared again.
   */
  static Findings review(ProjectMemory memory, SyncState previous, java.util.Set<String> changed) throws IOException {
    List<StoredMemory> all = memory.list().memories();
    List<StoredMemory> own = new ArrayList<>();
    own.addAll(memory.project().list().memories());
    own.addAll(memory.user().list().memories());
    List<StoredMemory> corrections = own.stream().filter(m -> m.memory().type() == MemoryType.FEEDBACK).toList();
    List<String> seen = corrections.stream().map(m -> m.name() + "@" + m.memory().updated().map(Instant::toString)
        .orElse("")).sorted().toList();
    boolean sameCorrections = seen.equals(previous.correctionsSeen());
    List<StoredMemory> team = memory.team().isPresent() ? memory.team().get().list().memories() : List.of();
    Map<String, String> yields = new TreeMap<>();
    if (sameCorrections) {
      previous.yields().forEach((slug, local) -> {
        if (!changed.contains(slug)) {
          yields.put(slug, local);
        }
      });
    }
    for (StoredMemory t : team) {
      String slug = slug(t);
      if (sameCorrections && !changed.contains(slug)) {
        continue;
      }
      yieldsTo(t, corrections).ifPresent(c -> yields.put(slug, c));
    }
    yields.keySet().retainAll(team.stream().map(TeamReview::slug).toList());
    return new Findings(yields, seen, proposals(all, team, yields));
  }

  private static Optional<String> yieldsTo(StoredMemory team, List<StoredMemory> corrections) {
    Instant teamTime = team.memory().updated().orElse(Instant.EPOCH);
    MemoryText teamText = new MemoryText("team", text(team, TeamMirror.unattributed(team.memory().body())), teamTime);
    for (StoredMemory c : corrections) {
      MemoryText correction = new MemoryText("own", text(c, c.memory().body()), teamTime.plusSeconds(1));
      Optional<Contradiction> found = Contradictions.between(teamText, correction);
      if (found.isPresent() && found.get().supersededId().equals("team")) {
        return Optional.of(c.name());
      }
    }
    return Optional.empty();
  }

  private static List<SyncState.Proposal> proposals(List<StoredMemory> merged, List<StoredMemory> team,
      Map<String, String> yields) {
    List<SyncState.Proposal> out = new ArrayList<>();
    Map<String, StoredMemory> bySlug = new LinkedHashMap<>();
    merged.forEach(m -> bySlug.put(io.engram.memory.MemoryNames.slug(m.name()), m));
    for (StoredMemory t : team) {
      String slug = slug(t);
      String author = TeamMirror.author(t.memory()).orElse("a team member");
      if (yields.containsKey(slug)) {
        out.add(new SyncState.Proposal("yields", t.name(), yields.get(slug), "your correction '" + yields.get(slug)
            + "' disagrees with team memory '" + t.name() + "' (by " + author + "): recall gives you yours; set the"
            + " team's right with engram edit " + t.name() + " and engram team share " + t.name()));
      }
      StoredMemory shown = bySlug.get(slug);
      if (shown != null && shown.scope() == MemoryScope.PROJECT) {
        out.add(new SyncState.Proposal("shadowed", t.name(), shown.name(), "your own version of team memory '"
            + t.name() + "' is the one you see: share it with engram team share " + t.name()
            + ", or forget it to follow the team's"));
      }
    }
    return out;
  }

  private static String text(StoredMemory m, String body) {
    return m.memory().description() + "\n" + body;
  }

  private static String slug(StoredMemory m) {
    String file = m.path().getFileName().toString();
    return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file;
  }
}
