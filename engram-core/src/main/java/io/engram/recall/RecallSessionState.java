package io.engram.recall;

import io.engram.fs.SessionLedger;
import io.engram.fs.SessionStateFile;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What recall has sent in one session, persisted so that the session budget and the no-repeat rule hold across
 * processes (each hook call or command is a new JVM) and across surfaces: the hooks, the MCP server and the command
 * line keep it in the same section of the session's ledger ({@link #SECTION}), so a memory the MCP tool sent is not
 * sent again by the next prompt's hook, nor the other way round.
 *
 * @param surfaced names of the memories sent in the session, in the order sent
 * @param bytes bytes sent in the session
 */
public record RecallSessionState(List<String> surfaced, int bytes) {
  /** Nothing sent yet. */
  public static final RecallSessionState NEW = new RecallSessionState(List.of(), 0);

  /** Recall's section of a session's ledger; an earlier version kept it in {@code recall-state.json}. */
  public static final SessionLedger.Section<RecallSessionState> SECTION =
      SessionLedger.Section.formerly("recall-state.json", "recall", RecallSessionState.class, NEW);

  public RecallSessionState {
    surfaced = List.copyOf(surfaced);
  }

  RecallSessionState plus(List<String> names, int moreBytes) {
    LinkedHashSet<String> all = new LinkedHashSet<>(surfaced);
    all.addAll(names);
    return new RecallSessionState(List.copyOf(all), bytes + moreBytes);
  }

  /** The recall state of {@code sessionId} in its ledger under Engram's {@code home}; unsafe ids are refused. */
  static SessionStateFile<RecallSessionState> file(Path home, String sessionId) {
    return SessionLedger.of(home, sessionId).section(SECTION);
  }
}
