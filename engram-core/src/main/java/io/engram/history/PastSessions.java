package io.engram.history;

import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.memory.ProjectMemory;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Search over a project's past sessions, as {@code engram history} and the MCP {@code history} tool ask it:
 * the transcripts Engram has recorded for the project ({@link SessionTranscripts}), plus any named, are read
 * into its {@link SessionHistory} up to their end, then searched. Only ever called on request: nothing here
 * is injected into a session.
 */
public final class PastSessions {
  private final SessionHistory history;
  private final Path memoryDir;

  /**
   * The past sessions of the project whose memory is {@code memory}, kept under {@code home}, their index
   * opened by {@code opener}, their turns ranked by the recall {@code settings}.
   */
  public PastSessions(ProjectMemory memory, Path home, Function<Path, SearchIndex> opener,
      EngramSettings.Recall settings) {
    Objects.requireNonNull(memory, "memory");
    this.memoryDir = memory.location().projectDir();
    this.history = new SessionHistory(SessionHistory.directory(home, memory.location().projectKey()), opener,
        settings, Clock.systemUTC());
  }

  /** The same, ranked by the default recall settings. */
  public PastSessions(ProjectMemory memory, Path home, Function<Path, SearchIndex> opener) {
    this(memory, home, opener, EngramSettings.Recall.DEFAULTS);
  }

  /**
   * What a search found, and what reading the transcripts before it did.
   *
   * @param hits the matching turns, best first; empty when nothing matches
   * @param read what the catch-up read of the transcripts did (new turns, transcripts that could not be read)
   */
  public record Found(List<HistoryHit> hits, SessionHistory.SyncReport read) {
    /** Copies the list. */
    public Found {
      hits = List.copyOf(hits);
      Objects.requireNonNull(read, "read");
    }
  }

  /**
   * The turns of past sessions best matching {@code query}, at most {@code limit}, after reading what is new
   * in the recorded transcripts and in {@code alsoRead} (session id to transcript).
   */
  public Found find(String query, int limit, Map<String, Path> alsoRead) throws IOException {
    if (query.isBlank()) {
      throw new IllegalArgumentException("the history query is empty");
    }
    Map<String, Path> transcripts = new TreeMap<>(new SessionTranscripts(memoryDir).read());
    transcripts.putAll(alsoRead);
    return history.syncAndSearch(transcripts, query, limit);
  }
}
