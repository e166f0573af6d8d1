package io.engram.team;

import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What this machine knows of its project's team store between syncs ({@code state.json}, changed only under the
 * sync's lock).
 *
 * @param cursor the last change number pulled into the mirror
 * @param lastSync when a sync last finished
 * @param lastAttempt when a sync was last tried
 * @param lastError why the last try failed, if it did
 * @param bases the team version each of the member's local copies is based on, by slug (set when their change
 *     went in or their conflict was settled): what their next change is checked against
 * @param yields the team memories that yield to one of the member's own corrections: slug to the correction's name
 * @param correctionsSeen the corrections the last review compared the team against (name and date)
 * @param proposals what the last review proposes to the member about the team's memories
 * @param teamMemories how many team memories the mirror holds
 */
record SyncState(long cursor, Optional<Instant> lastSync, Optional<Instant> lastAttempt, Optional<String> lastError,
    Map<String, Integer> bases, Map<String, String> yields, List<String> correctionsSeen, List<Proposal> proposals,
    int teamMemories) {

  static final SyncState FRESH = new SyncState(0, Optional.empty(), Optional.empty(), Optional.empty(), Map.of(),
      Map.of(), List.of(), List.of(), 0);

  SyncState {
    bases = Map.copyOf(bases == null ? Map.of() : bases);
    yields = Map.copyOf(yields == null ? Map.of() : yields);
    correctionsSeen = List.copyOf(correctionsSeen == null ? List.of() : correctionsSeen);
    proposals = List.copyOf(proposals == null ? List.of() : proposals);
  }

  /**
   * Something the review proposes; it never changes a team memory itself.
   *
   * @param kind {@code yields} (a team memory disagrees with the member's correction) or {@code shadowed} (the
   *     member has their own version of a team memory)
   * @param team the team memory
   * @param local the member's memory
   * @param text what to do about it
   */
  record Proposal(String kind, String team, String local, String text) {}

  static SyncState read(Path file) throws IOException {
    try {
      return Json.MAPPER.readValue(Files.readString(file), SyncState.class);
    } catch (NoSuchFileException e) {
      return FRESH;
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      // A damaged state costs a full pull, nothing else: the mirror is rebuilt from the database.
      return FRESH;
    }
  }

  void write(Path file) throws IOException {
    AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(this));
  }

  SyncState withBase(String slug, int version) {
    Map<String, Integer> b = new LinkedHashMap<>(bases);
    b.put(slug, version);
    return new SyncState(cursor, lastSync, lastAttempt, lastError, b, yields, correctionsSeen, proposals, teamMemories);
  }

  SyncState attempted(Instant at, Optional<String> error) {
    return new SyncState(cursor, error.isEmpty() ? Optional.of(at) : lastSync, Optional.of(at), error, bases, yields,
        correctionsSeen, proposals, teamMemories);
  }

  SyncState pulled(long newCursor, int memories) {
    return new SyncState(newCursor, lastSync, lastAttempt, lastError, bases, yields, correctionsSeen, proposals,
        memories);
  }

  SyncState reviewed(Map<String, String> newYields, List<String> corrections, List<Proposal> newProposals) {
    return new SyncState(cursor, lastSync, lastAttempt, lastError, bases, newYields, corrections, newProposals,
        teamMemories);
  }
}
