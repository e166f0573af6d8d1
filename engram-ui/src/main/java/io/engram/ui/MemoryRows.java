package io.engram.ui;

import io.engram.memory.Memory;
import io.engram.memory.MemoryProblem;
import io.engram.memory.MemorySource;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import io.engram.recall.RecalledMemory;
import io.engram.transcript.CodingAgent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The memory list of a page: every memory, or recall's ranking for a search, narrowed by the filters
 * (type, scope, trust, stale, superseded) and cut to one page.
 */
final class MemoryRows {
  /** One memory in the list. */
  record Row(String name, String type, String scope, String description, String trust, Optional<String> agent,
      Optional<Instant> updated, int recallCount, Optional<Instant> lastRecalled, boolean superseded, boolean stale,
      Optional<String> why) {}

  /** A page of the list: its rows, how many matched in all, and how the search ran. */
  record Page(List<Row> memories, int total, int offset, int limit, Optional<String> search, List<String> problems) {}

  /** The filters; {@code Optional.empty()} lets everything through. */
  record Filters(Optional<String> type, Optional<String> scope, Optional<String> trust, Optional<Boolean> stale,
      Optional<Boolean> superseded) {
    Predicate<Row> predicate() {
      return r -> type.map(r.type()::equals).orElse(true) && scope.map(r.scope()::equals).orElse(true)
          && trust.map(r.trust()::equals).orElse(true) && stale.map(s -> s == r.stale()).orElse(true)
          && superseded.map(s -> s == r.superseded()).orElse(true);
    }
  }

  private MemoryRows() {}

  /** The trust a memory's source gives it, as the list shows and filters it. */
  static String trust(Memory m) {
    return m.source().map(MemorySource::id).orElse("unknown");
  }

  /** True when the dream flagged what the memory names as gone ({@code stale} in its frontmatter). */
  static boolean stale(Memory m) {
    Object v = m.unknownKeys().get("stale");
    return v != null && !String.valueOf(v).isBlank() && !"false".equalsIgnoreCase(String.valueOf(v));
  }

  static Row row(StoredMemory s, Instant now, Optional<String> why) {
    Memory m = s.memory();
    return new Row(s.name(), m.type().id(), s.scope().name().toLowerCase(Locale.ROOT), m.description(), trust(m),
        m.agent().map(a -> CodingAgent.parse(a).map(CodingAgent::displayName).orElse(a)), m.updated(), m.recallCount(), m.lastRecalled(), m.isSuperseded(now), stale(m), why);
  }

  /** Every memory listed, by name. */
  static List<Row> all(List<StoredMemory> listed, Instant now) {
    return listed.stream().map(s -> row(s, now, Optional.empty())).toList();
  }

  /**
   * The memories recall ranked for the search, in its order: those it would send first, with its reason, then
   * those it considered and left out (over a budget, superseded...), with why.
   */
  static List<Row> ranked(List<StoredMemory> listed, MemoryRecall.Outcome outcome, Instant now) {
    Map<String, StoredMemory> byFile = new HashMap<>();
    listed.forEach(s -> byFile.put(s.path().getFileName().toString(), s));
    List<Row> out = new ArrayList<>();
    RecallResult r = outcome.result();
    for (RecalledMemory m : r.memories()) {
      Optional.ofNullable(byFile.remove(m.id())).ifPresent(s -> out.add(row(s, now, Optional.of(m.reason()))));
    }
    for (RecallResult.LeftOut l : r.leftOut()) {
      Optional.ofNullable(byFile.remove(l.id()))
          .ifPresent(s -> out.add(row(s, now, Optional.of("left out: " + l.reason()))));
    }
    return out;
  }

  static Page page(List<Row> rows, Filters filters, int offset, int limit, Optional<String> search,
      List<MemoryProblem> problems) {
    List<Row> kept = rows.stream().filter(filters.predicate()).toList();
    int from = Math.min(offset, kept.size());
    int to = Math.min(kept.size(), from + limit);
    return new Page(kept.subList(from, to), kept.size(), from, limit, search,
        problems.stream().map(MemoryProblem::toString).toList());
  }
}
