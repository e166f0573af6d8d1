package io.engram.levels;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.engram.context.ContextLevel;
import io.engram.fs.SessionLedger;
import io.engram.fs.SessionStateFile;
import java.nio.file.Path;

/**
 * What a session already did about its window, kept in the session's ledger: the
 * highest level acted on in the current segment (a compaction starts a new segment, and the levels start
 * again), the notice waiting for the agent's next prompt, and whether a compaction asked for the prepared
 * summary to be handed to the restart.
 *
 * @param segment the transcript segment the levels were acted on in
 * @param acted the highest level acted on in that segment
 * @param notice the text to tell the agent at its next prompt; "" when none
 * @param handoverPending true when a compaction started and the prepared summary waits for the restart
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record LevelState(int segment, ContextLevel acted, String notice, boolean handoverPending) {
  static final LevelState NEW = new LevelState(0, ContextLevel.NORMAL, "", false);

  LevelState {
    acted = acted == null ? ContextLevel.NORMAL : acted;
    notice = notice == null ? "" : notice;
  }

  /** The level acted on in {@code current}: what this state says when it is the same segment, else none. */
  ContextLevel actedIn(int current) {
    return current == segment ? acted : ContextLevel.NORMAL;
  }

  LevelState actedOn(int current, ContextLevel level, String told) {
    return new LevelState(current, level, told.isEmpty() ? (current == segment ? notice : "") : told,
        handoverPending);
  }

  LevelState withoutNotice() {
    return new LevelState(segment, acted, "", handoverPending);
  }

  LevelState withHandover(boolean pending) {
    return new LevelState(segment, acted, notice, pending);
  }

  /** The levels' section of a session's ledger; an earlier version kept it in {@code level-state.json}. */
  static final SessionLedger.Section<LevelState> SECTION =
      SessionLedger.Section.formerly("level-state.json", "levels", LevelState.class, NEW);

  static SessionStateFile<LevelState> file(Path home, String sessionId) {
    return SessionLedger.of(home, sessionId).section(SECTION);
  }
}
