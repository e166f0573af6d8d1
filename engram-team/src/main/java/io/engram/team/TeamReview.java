package io.engram.team;

import io.engram.dream.Contradiction;
import io.engram.dream.Contradictions;
import io.engram.dream.MemoryText;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The team part of consolidation: it weighs team memories against the member's own and proposes, never changing
 * or deleting a team memory. A team memory that one of the member's corrections ({@code feedback} memories)
 * contradicts, by the dream's rules ({@link Contradictions}, the correction taken as the latest word), yields to
 * it: the mirror marks it superseded by the correction, so recall brings the correction and leaves the team's
 * out, for this member only; and the member is told, so the team can be set right. A member's own version of a
 * team memory (same name) is shown instead of the team's, and proposed for sharing.
 *
 * <p>A review costs what changed, not the mirror's size: while the member's corrections are the ones the last
 * review saw, only the team memories this sync changed are weighed again (the others keep their verdict), and the
 * proposals are read from the few memories they name. Only new or changed corrections make it weigh every team
 * memory again, and with no corrections at all nothing is weighed.
 */
final class TeamReview {
  private TeamReview() {}

  /** What a review found: the marks the mirror should carry, the corrections it used, and the proposals. */
  record Findings(Map<String, String> yields, List<String> corrections, List<SyncState.Proposal> proposals) {}

  /**
   * Reviews the team memories of {@code memory}'s mirror ({@code mirror}, its directory) against the member's own.
   * {@code previous} is the last review: when the corrections are the same ones, only {@code changed} team
   * memories are compared again.
   */
  static Findings review(ProjectMemory memory, Path mirror, long maxBytes, SyncState previous, Set<String> changed)
      throws IOException {
    List<StoredMemory> ownProject = memory.project().list().memories();
    List<StoredMemory> own = new ArrayList<>(ownProject);
    own.addAll(memory.user().list().memories());
    List<StoredMemory> corrections = own.stream().filter(m -> m.memory().type() == MemoryType.FEEDBACK).toList();
    List<String> seen = corrections.stream().map(m -> m.name() + "@" + m.memory().updated().map(Instant::toString)
        .orElse("")).sorted().toList();
    boolean sameCorrections = seen.equals(previous.correctionsSeen());
    Mirrored team = new Mirrored(mirror, maxBytes);
    Map<String, String> yields = new TreeMap<>();
    if (sameCorrections) {
      previous.yields().forEach((slug, local) -> {
        if (!changed.contains(slug)) {
          yields.put(slug, local);
        }
      });
    }
    if (!corrections.isEmpty()) {
      List<StoredMemory> weighed = sameCorrections ? team.read(changed) : team.all(memory);
      for (StoredMemory t : weighed) {
        yieldsTo(t, corrections).ifPresent(c -> yields.put(slug(t), c));
      }
    }
    yields.keySet().removeIf(slug -> team.get(slug).isEmpty());
    return new Findings(yields, seen, proposals(ownProject, team, yields));
  }

  /** The mirror's team memories, read by slug as the review needs them, each at most once. */
  private static final class Mirrored {
    private final Path dir;
    private final long maxBytes;
    private final Map<String, Optional<StoredMemory>> read = new HashMap<>();

    Mirrored(Path dir, long maxBytes) {
      this.dir = dir;
      this.maxBytes = maxBytes;
    }

    Optional<StoredMemory> get(String slug) {
      return read.computeIfAbsent(slug, s -> {
        Path file = dir.resolve(s + ".md");
        try {
          return Optional.of(new StoredMemory(MemoryFormat.read(file, maxBytes), file, MemoryScope.TEAM));
        } catch (IOException | RuntimeException e) {
          // Gone (removed by the team), or not a memory the mirror can read: nothing to weigh.
          return Optional.empty();
        }
      });
    }

    List<StoredMemory> read(Set<String> slugs) {
      return slugs.stream().sorted().map(this::get).flatMap(Optional::stream).toList();
    }

    List<StoredMemory> all(ProjectMemory memory) throws IOException {
      List<StoredMemory> all = memory.team().isPresent() ? memory.team().get().list().memories() : List.of();
      all.forEach(m -> read.put(slug(m), Optional.of(m)));
      return all;
    }
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

  private static List<SyncState.Proposal> proposals(List<StoredMemory> ownProject, Mirrored team,
      Map<String, String> yields) {
    Map<String, StoredMemory> shadowing = new TreeMap<>();
    ownProject.forEach(m -> shadowing.putIfAbsent(MemoryNames.slug(m.name()), m));
    Set<String> slugs = new TreeSet<>(yields.keySet());
    shadowing.keySet().stream().filter(s -> team.get(s).isPresent()).forEach(slugs::add);
    List<SyncState.Proposal> out = new ArrayList<>();
    for (String slug : slugs) {
      StoredMemory t = team.get(slug).orElseThrow();
      String author = TeamMirror.author(t.memory()).orElse("a team member");
      if (yields.containsKey(slug)) {
        out.add(new SyncState.Proposal("yields", t.name(), yields.get(slug), "your correction '" + yields.get(slug)
            + "' disagrees with team memory '" + t.name() + "' (by " + author + "): recall gives you yours; set the"
            + " team's right with engram edit " + t.name() + " and engram team share " + t.name()));
      }
      StoredMemory shown = shadowing.get(slug);
      if (shown != null) {
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
