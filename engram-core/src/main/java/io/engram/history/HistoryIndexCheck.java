package io.engram.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.fs.AtomicFiles;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Keeps the history's search index in line with the turn catalogue without reading every session each time:
 * {@code <index>/catalogue-stamps.json} holds each session file's stamp (size and last change) and a fingerprint
 * of the index's ids and content hashes, as they were when the two last agreed. When the fingerprint and the way
 * entries are made still match, only the sessions whose stamp changed are read and compared; otherwise (first use,
 * an index rebuilt or changed behind the history's back, entries now made another way, a stamps file missing or
 * damaged) every session is, and index entries of turns no longer in the catalogue are removed. The caller holds
 * the history lock.
 */
final class HistoryIndexCheck {
  /** The stamps file's name in the index directory. */
  static final String FILE = "catalogue-stamps.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The stored form: the index's fingerprint, how its entries were made ({@link TurnEntries#FORMAT}: entries made
   * another way are all compared again, as their hashes differ) and each session file's stamp, by file name.
   */
  record Stored(String fingerprint, int entries, Map<String, TurnCatalogue.Stamp> sessions) {}

  /**
   * What one check did.
   *
   * @param full whether every session was compared (no usable stamps, or the index's fingerprint differed)
   * @param sessionsRead session files read and compared
   * @param upserted index entries added or replaced
   * @param removed index entries removed (their turn is no longer in the catalogue)
   */
  record Outcome(boolean full, int sessionsRead, int upserted, int removed) {}

  private final Path file;
  private final TurnCatalogue catalogue;
  private Optional<Stored> last = Optional.empty();
  private boolean distrusted;

  /** The check of the index in {@code indexDir} against {@code catalogue}. */
  HistoryIndexCheck(Path indexDir, TurnCatalogue catalogue) {
    this.file = indexDir.resolve(FILE);
    this.catalogue = catalogue;
  }

  /** Upserts what the index is missing or holds stale, removes what it holds in excess, commits and records. */
  Outcome bringUpToDate(SearchIndex index) throws IOException {
    Map<String, TurnCatalogue.Stamp> now = catalogue.stamps();
    Map<String, String> indexed = index.contentHashes();
    String fingerprint = fingerprint(indexed);
    last = read();
    boolean full = last.isEmpty() || !last.get().fingerprint().equals(fingerprint)
        || last.get().entries() != TurnEntries.FORMAT;
    Set<String> compare = new TreeSet<>(now.keySet());
    if (!full) {
      compare.removeIf(f -> now.get(f).equals(last.get().sessions().get(f)));
      last.get().sessions().keySet().stream().filter(f -> !now.containsKey(f)).forEach(compare::add);
    }
    Map<String, List<String>> idsByFile = compare.isEmpty() ? Map.of() : idsByFile(indexed.keySet());
    if (full) {
      compare.addAll(idsByFile.keySet());
    }
    IndexWrites writes = new IndexWrites(index, this, indexed);
    int upserted = 0;
    int removed = 0;
    for (String session : compare) {
      List<SearchIndex.Entry> entries = TurnEntries.of(catalogue.readQuietly(session).values());
      upserted += writes.upsertChanged(entries);
      Set<String> kept = new HashSet<>();
      entries.forEach(e -> kept.add(e.id()));
      for (String id : idsByFile.getOrDefault(session, List.of())) {
        if (!kept.contains(id)) {
          writes.remove(id);
          removed++;
        }
      }
    }
    if (upserted + removed > 0) {
      index.commit();
      fingerprint = fingerprint(index.contentHashes());
    }
    record(new Stored(fingerprint, TurnEntries.FORMAT, now));
    return new Outcome(full, compare.size(), upserted, removed);
  }

  /** Index ids by the name of the session file their turn is kept in. */
  private static Map<String, List<String>> idsByFile(Set<String> ids) {
    Map<String, String> files = new HashMap<>();
    Map<String, List<String>> out = new HashMap<>();
    for (String id : ids) {
      String file = files.computeIfAbsent(TurnRanking.sessionOf(id), TurnCatalogue::safe);
      out.computeIfAbsent(file, f -> new ArrayList<>()).add(id);
    }
    return out;
  }

  /**
   * Records that the index and the catalogue agree as they are now, unless {@link #distrust}ed; writes only when
   * that changed.
   */
  void record(SearchIndex index) throws IOException {
    record(new Stored(fingerprint(index.contentHashes()), TurnEntries.FORMAT, catalogue.stamps()));
  }

  private void record(Stored now) throws IOException {
    if (distrusted || last.filter(now::equals).isPresent()) {
      return;
    }
    Files.createDirectories(file.getParent());
    AtomicFiles.writeString(file, JSON.writeValueAsString(now));
    last = Optional.of(now);
  }

  /** Forgets the stamps after a write that may have left the index and the catalogue apart: the next check is full. */
  void distrust() throws IOException {
    distrusted = true;
    Files.deleteIfExists(file);
  }

  private Optional<Stored> read() {
    try {
      Stored s = JSON.readValue(file.toFile(), Stored.class);
      return s.fingerprint() == null || s.sessions() == null ? Optional.empty() : Optional.of(s);
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // missing or damaged: the full check finds what it would have said
    }
  }

  /**
   * A fingerprint of every id and content hash, independent of their order: the count, and the sum and the xor
   * of a 64-bit FNV-1a hash of each pair, so any entry added, removed or re-hashed changes it.
   */
  static String fingerprint(Map<String, String> hashes) {
    long sum = 0;
    long xor = 0;
    for (Map.Entry<String, String> e : hashes.entrySet()) {
      long h = fnv(fnv(0xcbf29ce484222325L, e.getKey()) * 0x100000001b3L, e.getValue());
      sum += h;
      xor ^= h;
    }
    return hashes.size() + "-" + Long.toHexString(sum) + "-" + Long.toHexString(xor);
  }

  private static long fnv(long h, String s) {
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    return h;
  }
}
