package io.engram.hooks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.engram.fs.SessionLedger;
import io.engram.fs.SessionStateFile;
import io.engram.recall.RecallSessionState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the hooks remember about one session between calls: the memories already surfaced and their bytes
 * (recall never repeats one in a session and stays within the session budget), whether a notes handover is
 * pending, and the session this one resumed. Kept in the session's ledger ({@link SessionLedger}) as two sections:
 * what was sent is recall's section, shared with the MCP server's and the command line's recall of the same
 * session ({@link RecallSessionState#SECTION}), and the handover and the resumed session are the hooks' own
 * ({@link #HOOKS}). Where extraction and the notes got to is kept by their own passes.
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

  /**
   * The hooks' own section of the ledger.
   *
   * @param handoverPending true when a PreCompact asked the next SessionStart to re-inject the notes
   * @param resumedSession the session this one resumed, or ""
   */
  @JsonIgnoreProperties(ignoreUnknown = true) // hook-state.json of earlier versions also held what was surfaced
  record Handover(boolean handoverPending, String resumedSession) {
    static final Handover NEW = new Handover(false, "");

    Handover {
      resumedSession = resumedSession == null ? "" : resumedSession;
    }
  }

  /** The hooks' section of the ledger; an earlier version kept it in {@code hook-state.json}. */
  static final SessionLedger.Section<Handover> HOOKS =
      SessionLedger.Section.formerly("hook-state.json", "hooks", Handover.class, Handover.NEW);

  private static HookState of(SessionLedger.Sections sections) {
    RecallSessionState sent = sections.get(RecallSessionState.SECTION);
    Handover handover = sections.get(HOOKS);
    return new HookState(sent.surfaced(), sent.bytes(), handover.handoverPending(), handover.resumedSession());
  }

  /** Puts the parts of this state that differ from {@code before}. */
  private void putChanges(HookState before, SessionLedger.Sections sections) {
    if (!surfaced.equals(before.surfaced) || recallBytes != before.recallBytes) {
      sections.put(RecallSessionState.SECTION, new RecallSessionState(surfaced, recallBytes));
    }
    if (handoverPending != before.handoverPending || !resumedSession.equals(before.resumedSession)) {
      sections.put(HOOKS, new Handover(handoverPending, resumedSession));
    }
  }

  /** The hook state of {@code sessionId} in its ledger under Engram's {@code home}; unsafe ids are refused. */
  static Stored file(Path home, String sessionId) {
    return new Stored(SessionLedger.of(home, sessionId));
  }

  /** The hook state of one session, read from and changed in its ledger. */
  static final class Stored {
    private final SessionLedger ledger;

    private Stored(SessionLedger ledger) {
      this.ledger = ledger;
    }

    /** The ledger the state is kept in. */
    Path file() {
      return ledger.file();
    }

    HookState read() {
      return ledger.view(HookState::of);
    }

    <T> T update(Duration wait, Function<Path, String> busy, SessionStateFile.Change<HookState, T> change)
        throws IOException {
      return ledger.update(wait, busy, sections -> apply(sections, change));
    }

    <T> T update(Duration wait, Function<Path, String> busy, SessionStateFile.Change<HookState, T> change,
        Executor forceLater) throws IOException {
      return ledger.update(wait, busy, sections -> apply(sections, change), forceLater);
    }

    private static <T> T apply(SessionLedger.Sections sections, SessionStateFile.Change<HookState, T> change)
        throws IOException {
      HookState before = of(sections);
      SessionStateFile.Changed<HookState, T> result = change.apply(before);
      result.state().putChanges(before, sections);
      return result.value();
    }
  }
}
