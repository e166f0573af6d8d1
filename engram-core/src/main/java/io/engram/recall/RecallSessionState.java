package io.engram.recall;

import io.engram.fs.SessionDirectory;
import io.engram.fs.SessionStateFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What recall has sent in one session, persisted so that the session budget and the no-repeat rule hold
 * across processes (each hook call or command is a new JVM). Kept at
 * {@code <home>/sessions/<session>/recall-state.json}, changed only under the lock beside it.
 *
 * @param surfaced names of the memories sent in the session, in the order sent
 * @param bytes bytes sent in the session
 */
record RecallSessionState(List<String> surfaced, int bytes) {
  static final RecallSessionState NEW = new RecallSessionState(List.of(), 0);
  static final Duration LOCK_WAIT = Duration.ofSeconds(2);

  RecallSessionState {
    surfaced = List.copyOf(surfaced);
  }

  RecallSessionState plus(List<String> names, int moreBytes) {
    LinkedHashSet<String> all = new LinkedHashSet<>(surfaced);
    all.addAll(names);
    return new RecallSessionState(List.copyOf(all), bytes + moreBytes);
  }

  /** The recall state of {@code sessionId}: {@code <home>/sessions/<id>/recall-state.json}; unsafe ids are refused. */
  static SessionStateFile<RecallSessionState> file(Path home, String sessionId) {
    return new SessionStateFile<>(SessionDirectory.of(home, sessionId).resolve("recall-state.json"),
        RecallSessionState.class, NEW);
  }
}
