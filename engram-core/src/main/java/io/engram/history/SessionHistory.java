package io.engram.history;

import io.engram.config.EngramSettings;
import io.engram.fs.FileLock;
import io.engram.recall.SearchIndex;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The searchable history of one project's past sessions: the entry point of {@code engram history} and the
 * MCP {@code history} tool. Never injected into a session unasked.
 *
 * <p>{@link #sync} reads each transcript from where the last read stopped ({@link ReadPositions}: byte offset
 * and line), groups the new messages into {@link PastTurn}s (prompts, and the agent's words, tool names and
 * files; never tool output) and keeps them in the {@link TurnCatalogue} and a keyword {@link SearchIndex}
 * beside it, all under {@code <home>/projects/<key>/history/}. The last turn read may still grow, so the
 * next read starts again at its first line and replaces it. A transcript that shrank is read again whole.
 * The index is a cache of the catalogue: when it cannot be opened it is rebuilt from it. Every call holds
 * the history lock.
 */
public final class SessionHistory {
  /** How long a call waits for another process's use of the history. */
  static final Duration LOCK_WAIT = Duration.ofSeconds(5);

  private final Path dir;
  private final Function<Path, SearchIndex> opener;
  private final EngramSettings.Recall settings;
  private final Clock clock;

  /**
   * The history kept in {@code dir} ({@code <home>/projects/<key>/history}), its index opened by
   * {@code opener} (the Lucene index on disk, or {@link SearchIndex#inMemory()}, rebuilt each call), its turns
   * ranked by the recall {@code settings}, relative dates in a query counted back from {@code clock}'s now.
   */
  public SessionHistory(Path dir, Function<Path, SearchIndex> opener, EngramSettings.Recall settings, Clock clock) {
    this.dir = Objects.requireNonNull(dir, "dir");
    this.opener = Objects.requireNonNull(opener, "opener");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The history kept in {@code dir}, ranked by the default recall settings. */
  public SessionHistory(Path dir, Function<Path, SearchIndex> opener) {
    this(dir, opener, EngramSettings.Recall.DEFAULTS, Clock.systemUTC());
  }

  /** The history directory of the project {@code projectKey} under Engram's {@code home}. */
  public static Path directory(Path home, String projectKey) {
    return home.resolve("projects").resolve(projectKey).resolve("history");
  }

  /**
   * What one {@link #sync} did.
   *
   * @param transcripts transcripts looked at
   * @param turns turns added or replaced
   * @param problems transcripts that could not be read, each with why (the others were still read)
   */
  public record SyncReport(int transcripts, int turns, List<String> problems) {
    /** Copies the list. */
    public SyncReport {
      problems = List.copyOf(problems);
    }
  }

  /** Reads what is new in {@code transcripts} (session id to transcript path) into the history. */
  public SyncReport sync(Map<String, Path> transcripts) throws IOException {
    try (FileLock lock = lock(); SearchIndex index = openIndex()) {
      ReadPositions positions = new ReadPositions(dir.resolve("read.json"));
      Map<String, ReadPositions.Position> read = positions.read();
      TurnCatalogue catalogue = new TurnCatalogue(dir.resolve("turns"));
      int turns = 0;
      List<String> problems = new ArrayList<>();
      for (Map.Entry<String, Path> t : transcripts.entrySet()) {
        Path file = t.getValue().toAbsolutePath().normalize();
        try {
          turns += readNew(file, t.getKey(), read, catalogue, index);
        } catch (IOException | RuntimeException e) {
          problems.add(file + ": " + e.getMessage());
        }
      }
      index.commit();
      positions.write(read);
      return new SyncReport(transcripts.size(), turns, problems);
    }
  }

  /**
   * The past turns best matching {@code query}, best first, at most {@code limit}: ranked as recall ranks memories,
   * without vectors ({@link TurnRanking}).
   */
  public List<HistoryHit> search(String query, int limit) throws IOException {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, was " + limit);
    }
    try (FileLock lock = lock(); SearchIndex index = openIndex()) {
      TurnCatalogue catalogue = new TurnCatalogue(dir.resolve("turns"));
      Map<String, Map<String, PastTurn>> sessions = new HashMap<>();
      return new TurnRanking(index, s -> sessions.computeIfAbsent(s, x -> readQuietly(catalogue, x)), settings)
          .search(query, limit, clock.instant());
    }
  }

  private static Map<String, PastTurn> readQuietly(TurnCatalogue catalogue, String session) {
    try {
      return catalogue.read(session);
    } catch (IOException e) {
      return Map.of(); // a damaged session file hides its turns, not the others'
    }
  }

  private int readNew(Path file, String sessionHint, Map<String, ReadPositions.Position> read, TurnCatalogue catalogue,
      SearchIndex index) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("transcript not found");
    }
    String key = file.toString();
    ReadPositions.Position from = read.get(key);
    long size = Files.size(file);
    boolean again = from == null || from.offset() > size;
    long offset = again ? 0 : from.offset();
    int linesBefore = again ? 0 : from.lines();
    Chunk chunk = Chunk.read(file, offset);
    if (chunk.text().isEmpty()) {
      return 0;
    }
    Transcript t = TranscriptReader.read(new StringReader(chunk.text()), sessionHint);
    String session = from != null && !again ? from.sessionId() : t.sessionId();
    List<PastTurn> turns = TurnGroups.of(session, key, t.messages(), linesBefore + 1);
    if (again && from != null) {
      for (PastTurn old : catalogue.read(from.sessionId()).values()) {
        if (old.transcript().equals(key)) {
          index.remove(old.id());
        }
      }
    }
    for (PastTurn turn : turns) {
      index.upsert(entry(turn));
    }
    catalogue.put(session, turns, again && from != null);
    // Start the next read at the last turn, which the session may still be adding to.
    int restartLine = turns.isEmpty() ? linesBefore + chunk.lines() + 1 : turns.get(turns.size() - 1).line();
    int relative = restartLine - linesBefore - 1;
    read.put(key, new ReadPositions.Position(session, offset + chunk.offsetOfLine(relative), restartLine - 1));
    return turns.size();
  }

  static SearchIndex.Entry entry(PastTurn t) {
    String about = t.about();
    String hash = Integer.toHexString(Objects.hash(t.text(), t.tools(), t.files(), t.timestamp(), t.uuid()));
    return new SearchIndex.Entry(t.id(), hash, t.role(), about, t.text(), Optional.empty());
  }

  private FileLock lock() throws IOException {
    Files.createDirectories(dir);
    Path lockFile = dir.resolve("history.lock");
    return FileLock.tryAcquire(lockFile, LOCK_WAIT).orElseThrow(() -> new IOException(
        "the session history " + dir + " is in use by another process (" + lockFile + "); try again"));
  }

  /** The search index, rebuilt from the catalogue when it is missing turns or cannot be opened. */
  private SearchIndex openIndex() throws IOException {
    Path indexDir = dir.resolve("index");
    SearchIndex index;
    try {
      index = opener.apply(indexDir);
    } catch (RuntimeException e) {
      deleteTree(indexDir);
      index = opener.apply(indexDir);
    }
    TurnCatalogue catalogue = new TurnCatalogue(dir.resolve("turns"));
    Map<String, String> indexed = index.contentHashes();
    for (String session : catalogue.sessions()) {
      for (PastTurn t : readQuietly(catalogue, session).values()) {
        SearchIndex.Entry e = entry(t);
        if (!e.contentHash().equals(indexed.get(e.id()))) {
          index.upsert(e);
        }
      }
    }
    index.commit();
    return index;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** The complete lines of a file from an offset, with where each line starts. */
  record Chunk(String text, long[] lineStarts) {
    int lines() {
      return lineStarts.length;
    }

    /** The byte offset, from the chunk's start, of its 0-based line {@code i} (its end when past the last). */
    long offsetOfLine(int i) {
      return i < lineStarts.length ? lineStarts[i] : text.getBytes(StandardCharsets.UTF_8).length;
    }

    static Chunk read(Path file, long offset) throws IOException {
      byte[] bytes;
      try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
        long length = in.length() - offset;
        if (length <= 0) {
          return new Chunk("", new long[0]);
        }
        if (length > Integer.MAX_VALUE - 16) {
          throw new IOException("transcript too large to read at once: " + length + " bytes");
        }
        bytes = new byte[(int) length];
        in.seek(offset);
        in.readFully(bytes);
      }
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--; // a line still being written is read next time
      }
      List<Long> starts = new ArrayList<>();
      for (int i = 0; i < end; i++) {
        if (i == 0 || bytes[i - 1] == '\n') {
          starts.add((long) i);
        }
      }
      return new Chunk(new String(bytes, 0, end, StandardCharsets.UTF_8),
          starts.stream().mapToLong(Long::longValue).toArray());
    }
  }

  /** Turns by id of {@code sessionId}, as kept; for tests and tools that show a whole session. */
  public Map<String, PastTurn> turns(String sessionId) throws IOException {
    try (FileLock lock = lock()) {
      return new LinkedHashMap<>(new TurnCatalogue(dir.resolve("turns")).read(sessionId));
    }
  }
}
