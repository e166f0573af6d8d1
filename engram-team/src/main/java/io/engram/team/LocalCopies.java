package io.engram.team;

import io.engram.memory.ChangedBy;
import io.engram.memory.Forgotten;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStore;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.util.Optional;

/**
 * The member's own copies of team memories in the project store. Sharing promotes a memory: once the team holds
 * exactly what the copy says, the copy goes to the project store's trash (restorable with {@code engram restore})
 * and the member sees the team's version, which then follows the team's changes. A copy that changed after it
 * was sent stays: it is the member's newer word.
 */
final class LocalCopies {
  private final ProjectMemory memory;
  private final SecretRedactor redactor;
  private final long maxBytes;

  LocalCopies(ProjectMemory memory, SecretRedactor redactor, long maxBytes) {
    this.memory = memory;
    this.redactor = redactor;
    this.maxBytes = maxBytes;
  }

  /** What became of a local copy after its content reached the team. */
  enum Retired {
    /** There was no copy in the project store (the memory came from the user store, or was forgotten). */
    NONE,
    /** Moved to the trash: the team holds the same words. */
    TRASHED,
    /** Kept: it says something the team does not (changed since it was sent). */
    KEPT
  }

  /**
   * The member's own memory in {@code store} that the team knows by the team name of {@code name}
   * ({@link TeamMirror#teamSlug}): the one called {@code name}, else the one whose name holds a secret the team's
   * does not (typed as a listing of the team shows it, redacted).
   */
  static Optional<StoredMemory> find(MemoryStore store, String name, SecretRedactor redactor) throws IOException {
    Optional<StoredMemory> byName = store.read(name);
    if (byName.isPresent()) {
      return byName;
    }
    String slug = TeamMirror.teamSlug(name, redactor);
    return store.list().memories().stream().filter(m -> TeamMirror.teamSlug(m.name(), redactor).equals(slug))
        .findFirst();
  }

  /** Retires the project copy of the memory the team knows as {@code sent}'s name if it says what {@code sent} says. */
  Retired retire(TeamContent sent) throws IOException {
    MemoryStore project = memory.project();
    Optional<StoredMemory> copy = find(project, sent.name(), redactor);
    if (copy.isEmpty()) {
      return Retired.NONE;
    }
    if (!same(copy.get(), sent)) {
      return Retired.KEPT;
    }
    String name = copy.get().name();
    Forgotten gone = project.forget(name, ChangedBy.TEAM);
    // A writer may have changed the copy between the check and the move: then it comes straight back.
    StoredMemory trashed = new StoredMemory(MemoryFormat.read(gone.trashed(), maxBytes), gone.trashed(),
        copy.get().scope());
    if (!same(trashed, sent)) {
      project.restore(name, ChangedBy.TEAM);
      return Retired.KEPT;
    }
    return Retired.TRASHED;
  }

  private boolean same(StoredMemory copy, TeamContent sent) {
    return TeamContent.of(copy.memory(), sent.origin(), redactor).sameWords(sent);
  }
}
