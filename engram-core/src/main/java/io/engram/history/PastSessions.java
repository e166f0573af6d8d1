package io.engram.history;

import io.engram.config.EngramRoots;
import io.engram.config.RecallSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.memory.ProjectMemory;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Search over a project's past sessions, as {@code engram history} and the MCP {@code history} tool ask it:
 * the transcripts Engram has recorded for the project ({@link SessionTranscripts}), the sessions SpecStory saved
 * in the project ({@code .specstory/history/*.md}: Cursor's have no hook that would record them), plus any named,
 * are read into its {@link SessionHistory} up to their end, then searched. Only ever called on request: nothing
 * here is injected into a session.
 */
public final class PastSessions {
  /** Where SpecStory saves a project's sessions, under the project's directory. */
  static final Path SPECSTORY_HISTORY = Path.of(".specstory", "history");

  private final SessionHistory history;
  private final Path memoryDir;
  private final Path savedSessions;

  /**
   * The past sessions of the project under {@code roots} whose memory is {@code memory}, with the sessions SpecStory
   * saved in its directory; their index opened by {@code opener}, their turns ranked by the recall {@code settings}.
   */
  public PastSessions(ProjectMemory memory, EngramRoots roots, Function<Path, SearchIndex> opener,
      RecallSettings settings) {
    Objects.requireNonNull(memory, "memory");
    this.memoryDir = memory.location().projectDir();
    this.savedSessions = roots.projectDir().resolve(SPECSTORY_HISTORY);
    this.history = new SessionHistory(SessionHistory.directory(roots.engramHome(), memory.location().projectKey()),
        opener, settings, Clock.systemUTC());
  }

  /** The same, ranked by the default recall settings. */
  public PastSessions(ProjectMemory memory, EngramRoots roots, Function<Path, SearchIndex> opener) {
    this(memory, roots, opener, RecallSettings.DEFAULTS);
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
   * in the recorded transcripts, the saved SpecStory sessions, and {@code alsoRead} (session id to transcript).
   */
  public Found find(String query, int limit, Map<String, Path> alsoRead) throws IOException {
    if (query.isBlank()) {
      throw new IllegalArgumentException("the history query is empty");
    }
    Map<String, Path> transcripts = new TreeMap<>(new SessionTranscripts(memoryDir).read());
    transcripts.putAll(specStorySessions(savedSessions));
    transcripts.putAll(alsoRead);
    return history.syncAndSearch(transcripts, query, limit);
  }

  /**
   * The sessions SpecStory saved in {@code dir}, each under its file's name (as {@code engram history --transcript}
   * names one, so that naming it too reads it once). A directory that cannot be listed gives none: the search
   * goes on over the other transcripts.
   */
  static Map<String, Path> specStorySessions(Path dir) {
    Map<String, Path> found = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return found;
    }
    try (Stream<Path> files = Files.list(dir)) {
      files.filter(f -> f.getFileName().toString().endsWith(".md") && Files.isRegularFile(f))
          .forEach(f -> found.put(f.getFileName().toString(), f));
    } catch (IOException | UncheckedIOException e) {
      return Map.of();
    }
    return found;
  }
}
