package io.engram.dream;

import java.util.List;
import java.util.Map;

/**
 * What the consolidate phase decided about existing memories, by file name: which to merge, which a
 * newer one supersedes, and (model only) which bodies to rewrite. The offline rules and the model both
 * produce this; {@link PlanBuilder} turns it into changes.
 */
record Decisions(List<Merge> merges, List<Supersession> supersessions, Map<String, String> rewrites) {
  static final Decisions NONE = new Decisions(List.of(), List.of(), Map.of());

  Decisions {
    merges = List.copyOf(merges);
    supersessions = List.copyOf(supersessions);
    rewrites = Map.copyOf(rewrites);
  }

  /** Near-duplicates: {@code sources} go into {@code target}, then to the trash. */
  record Merge(String target, List<String> sources) {
    Merge {
      sources = List.copyOf(sources);
    }
  }

  /** {@code older} no longer holds since {@code newer} says otherwise. */
  record Supersession(String older, String newer, String reason) {}
}
