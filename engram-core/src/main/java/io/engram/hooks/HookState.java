package io.engram.hooks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.engram.fs.SessionDirectory;
import io.engram.fs.SessionStateFile;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the hooks remember about one session between calls: the memories already surfaced and their
 * bytes (recall never repeats one in a session and stays within the session budget), and whether a
 * notes handover is pending. Kept at {@code <home>/sessions/<session>/hook-state.json}; where extraction and the
 * notes got to is kept by their own passes.
 *
 * @param surfaced names of memories already injected in this session
 * @param recallBytes bytes of memory injected so far
 * @param handoverPending true when a PreCompact asked the next SessionStart to re-inject the notes
 * @param resumedSession when this session resumed another in that session's transcript, the id the
 *     transcript's work (extraction, notes) is kept under; empty otherwise
 */
@JsonIgnoreProperties(ignoreUnknown = true) // state files of older versions carried more fields
record HookState(List<String> surfaced, int recallBytes, boolean handoverPending, String resumedSession) {
  static final HookState NEW = new HookState(List.of(), 0, false, "");

  HookState {
    surfaced = List.copyOf(surfaced);
    // Files written before sessions were followed across a resume have no such field.
    resumedSession = resumedSession == null ? "" : resumedSession;
  }

  Set<String> surfacedSet() {
    return new LinkedHashSet<>(surfaced);
  }

  HookState withSurfaced(List<String> names, int bytes) {
    Set<String> all = surfacedSet();
    all.addAll(names);
    return new HookState(List.copyOf(all), recallBytes + bytes, handoverPending, resumedSession);
  }

  HookState withHandover(boolean pending) {
    return new HookState(surfaced, recallBytes, pending, resumedSession);
  }

  /** What was surfaced is forgotten (the context lost it); the handover and the resumed session stay. */
  HookState forgettingSurfaced() {
    return new HookState(List.of(), 0, handoverPending, resumedSession);
  }

  HookState resuming(String transcriptSession) {
    return new HookState(surfaced, recallBytes, handoverPending, transcriptSession);
  }

  /** The id the session's notes are kept under: the resumed session's, else {@code ownId}. */
  String notesSession(String ownId) {
    return resumedSession.isEmpty() ? ownId : resumedSession;
  }

  /** The hook state of {@code sessionId}: {@code <home>/sessions/<id>/hook-state.json}; unsafe ids are refused. */
  static SessionStateFile<HookState> file(Path home, String sessionId) {
    return new SessionStateFile<>(SessionDirectory.of(home, sessionId).resolve("hook-state.json"),
        HookState.class, NEW);
  }
}
