package io.engram.history;

import io.engram.config.RecallSettings;
import io.engram.fs.HomeLayout;
import io.engram.fs.FileLock;
import io.engram.fs.FileTrees;
import io.engram.recall.SearchIndex;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptFormat;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
 * beside it, all under {@code <home>/projects/<key>/history/}, each turn indexed with its neighbours' words
 * ({@link TurnEntries}). The last turn read may still grow, so the
 * next read starts again at its first line and replaces it. A transcript that shrank, or was replaced (the bytes
 * before where the last read stopped are not those read), is read again whole.
 * The index is a cache of the catalogue: when it cannot be opened it is rebuilt from it. Every call holds
 * the history lock.
 */
public final class SessionHistory {
  /**
   * Where, in the history directory, the index's check keeps the catalogue's stamps; without that file the next
   * call compares the whole catalogue with the index (benchmarks remove it to measure that).
   */
  public static final String INDEX_STAMPS = "index/" + HistoryIndexCheck.FILE;

  private final Path dir;
  private final Function<Path, SearchIndex> opener;
  private final RecallSettings settings;
  private final Clock clock;

  /**
   * The history kept in {@code dir} ({@code <home>/projects/<key>/history}), its index opened by
   * {@code opener} (the Lucene index on disk, or {@link SearchIndex#inMemory()}, rebuilt each call), its turns
   * ranked by the recall {@code settings}, relative dates in a query counted back from {@code clock}'s now.
   */
  public SessionHistory(Path dir, Function<Path, SearchIndex> opener, RecallSettings settings, Clock clock) {
    this.dir = Objects.requireNonNull(dir, "dir");
    this.opener = Objects.requireNonNull(opener, "opener");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The history kept in {@code dir}, ranked by the default recall settings. */
  public SessionHistory(Path dir, Function<Path, SearchIndex> opener) {
    this(dir, opener, RecallSettings.DEFAULTS, Clock.systemUTC());
  }

  /** The history directory of the project {@code projectKey} under Engram's {@code home}. */
  public static Path directory(Path home, String projectKey) {
    return HomeLayout.of(home).project(projectKey).history();
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
    HistoryIndexCheck check = check();
    try (FileLock lock = lock(); SearchIndex index = openIndex(check)) {
      return sync(transcripts, index, check);
    }
  }

  /**
   * The past turns best matching {@code query}, best first, at most {@code limit}: ranked as recall ranks memories,
   * without vectors ({@link TurnRanking}).
   */
  public List<HistoryHit> search(String query, int limit) throws IOException {
    checkLimit(limit);
    try (FileLock lock = lock(); SearchIndex index = openIndex(check())) {
      return search(query, limit, index);
    }
  }

  /**
   * {@link #sync} then {@link #search}, the index opened and checked once for both (what {@code engram history}
   * does).
   */
  public PastSessions.Found syncAndSearch(Map<String, Path> transcripts, String query, int limit) throws IOException {
    checkLimit(limit);
    HistoryIndexCheck check = check();
    try (FileLock lock = lock(); SearchIndex index = openIndex(check)) {
      SyncReport read = sync(transcripts, index, check);
      return new PastSessions.Found(search(query, limit, index), read);
    }
  }

  private static void checkLimit(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, was " + limit);
    }
  }

  private SyncReport sync(Map<String, Path> transcripts, SearchIndex index, HistoryIndexCheck check)
      throws IOException {
    ReadPositions positions = new ReadPositions(dir.resolve("read.json"));
    Map<String, ReadPositions.Position> read = positions.read();
    Map<String, ReadPositions.Position> before = Map.copyOf(read);
    TurnCatalogue catalogue = new TurnCatalogue(dir.resolve("turns"));
    IndexWrites writes = new IndexWrites(index, check);
    int turns = 0;
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Path> t : transcripts.entrySet()) {
      Path file = t.getValue().toAbsolutePath().normalize();
      try {
        turns += readNew(file, t.getKey(), read, catalogue, writes);
      } catch (IOException | RuntimeException e) {
        problems.add(file + ": " + e.getMessage());
      }
    }
    index.commit();
    if (!read.equals(before)) { // every write to the index and the catalogue moves a read position
      positions.write(read);
      check.record(index);
    }
    return new SyncReport(transcripts.size(), turns, problems);
  }

  private List<HistoryHit> search(String query, int limit, SearchIndex index) {
    TurnCatalogue catalogue = new TurnCatalogue(dir.resolve("turns"));
    Map<String, Map<String, PastTurn>> sessions = new HashMap<>();
    return new TurnRanking(index, s -> sessions.computeIfAbsent(s, catalogue::readQuietly), settings)
        .search(query, limit, clock.instant());
  }

  private int readNew(Path file, String sessionHint, Map<String, ReadPositions.Position> read, TurnCatalogue catalogue,
      IndexWrites writes) throws IOException {
    BasicFileAttributes attributes = attributes(file)
        .filter(BasicFileAttributes::isRegularFile).orElseThrow(() -> new IOException("transcript not found"));
    String key = file.toString();
    ReadPositions.Position from = read.get(key);
    // One look at the file for both: this runs for every transcript on every call, most of them unchanged.
    long size = attributes.size();
    long modified = attributes.lastModifiedTime().toMillis();
    if (from != null && from.unchanged(size, modified)) {
      return 0; // not changed since the last read: nothing new to read
    }
    // Replaced since (shorter, or its bytes before the offset differ): what was read from it is read again. A
    // session kept as one JSON document is rewritten whole on every change: it is always read again.
    boolean document = !TranscriptFormat.of(file).linesAppended();
    boolean again = document || from == null || from.offset() > size || !from.holdsIn(file);
    long offset = again ? 0 : from.offset();
    int linesBefore = again ? 0 : from.lines();
    TranscriptChunk chunk = document ? null : TranscriptChunk.read(file, offset);
    if (chunk != null && chunk.text().isEmpty()) {
      if (offset == size && from != null) {
        read.put(key, ReadPositions.Position.in(file, from.sessionId(), offset, linesBefore, size, modified));
      }
      return 0; // else only a line still being written: read when it is whole
    }
    Transcript t = document ? TranscriptReader.read(file)
        : TranscriptReader.read(new StringReader(chunk.text()), sessionHint);
    String session = from != null && !again ? from.sessionId() : t.sessionId();
    List<PastTurn> turns = TurnGroups.of(session, key, t.messages(), linesBefore + 1);
    try {
      if (again && from != null) {
        forget(key, from.sessionId(), catalogue, writes);
      }
      // Every turn of the session, since a new turn is the context of the one before it.
      writes.upsertChanged(TurnEntries.of(catalogue.put(session, turns, false)));
    } catch (IOException | RuntimeException e) {
      writes.distrust();
      throw e;
    }
    if (document) {
      read.put(key, ReadPositions.Position.in(file, session, size, 0, size, modified));
      return turns.size();
    }
    // Start the next read at the last turn, which the session may still be adding to.
    int restartLine = turns.isEmpty() ? linesBefore + chunk.lines() + 1 : turns.get(turns.size() - 1).line();
    int relative = restartLine - linesBefore - 1;
    read.put(key, ReadPositions.Position.in(file, session, offset + chunk.offsetOfLine(relative), restartLine - 1, size,
        modified));
    return turns.size();
  }

  /** The attributes of {@code file}, following links as the read will; empty when they cannot be read. */
  private static Optional<BasicFileAttributes> attributes(Path file) {
    try {
      return Optional.of(Files.readAttributes(file, BasicFileAttributes.class));
    } catch (IOException e) {
      return Optional.empty(); // as Files.isRegularFile answers: no such file, or none this process may see
    }
  }

  /**
   * Takes the turns read from {@code transcript} out of {@code session}'s catalogue and the index, before the
   * transcript is read again from its start: it may now name another session, and a turn left in the old session's
   * catalogue would be indexed again by the next full check.
   */
  private static void forget(String transcript, String session, TurnCatalogue catalogue, IndexWrites writes)
      throws IOException {
    Map<String, PastTurn> turns = catalogue.read(session);
    List<PastTurn> kept = new ArrayList<>();
    for (PastTurn turn : turns.values()) {
      if (turn.transcript().equals(transcript)) {
        writes.remove(turn.id());
      } else {
        kept.add(turn);
      }
    }
    if (kept.size() < turns.size()) {
      catalogue.put(session, kept, true);
    }
  }

  private FileLock lock() throws IOException {
    Files.createDirectories(dir);
    Path lockFile = dir.resolve("history.lock");
    return FileLock.tryAcquire(lockFile, Duration.ofMillis(settings.historyLockWaitMillis())).orElseThrow(() -> new IOException(
        "the session history " + dir + " is in use by another process (" + lockFile + "); try again"));
  }

  private HistoryIndexCheck check() {
    return new HistoryIndexCheck(dir.resolve("index"), new TurnCatalogue(dir.resolve("turns")));
  }

  /**
   * The search index, rebuilt from the catalogue when it cannot be opened, brought up to date with the catalogue by
   * {@code check}.
   */
  private SearchIndex openIndex(HistoryIndexCheck check) throws IOException {
    Path indexDir = dir.resolve("index");
    SearchIndex index;
    try {
      index = opener.apply(indexDir);
    } catch (RuntimeException e) {
      FileTrees.delete(indexDir);
      index = opener.apply(indexDir);
    }
    try {
      check.bringUpToDate(index);
    } catch (IOException | RuntimeException e) {
      index.close();
      throw e;
    }
    return index;
  }

  /** Turns by id of {@code sessionId}, as kept; for tests and tools that show a whole session. */
  public Map<String, PastTurn> turns(String sessionId) throws IOException {
    try (FileLock lock = lock()) {
      return new LinkedHashMap<>(new TurnCatalogue(dir.resolve("turns")).read(sessionId));
    }
  }
}
