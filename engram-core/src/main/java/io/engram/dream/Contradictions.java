package io.engram.dream;

import io.engram.dream.Contradiction.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds facts that a newer memory overturns, offline and by rule; the older memory is the one to mark
 * superseded.
 *
 * <p>Sentences of the older memory are compared with sentences of the newer one, and these rules are
 * tried in order:
 * <ol>
 *   <li>{@link Kind#NEGATION}: the same content words (at least two, Jaccard &gt;= 0.8) with opposite
 *       polarity ("tests need Redis" / "tests no longer need Redis", "测试需要 Redis" / "测试不再需要 Redis");
 *   <li>{@link Kind#ALTERNATIVE}: different members of one family of exclusive choices (npm, pnpm, yarn;
 *       Maven, Gradle; ...), in the same context (the other words of one sentence contain the other's, so
 *       "tabs in Go files" and "spaces in YAML files" are two subjects) or with an explicit
 *       change in the newer sentence ("switched to", "instead of", 改用), or when the newer sentence
 *       rejects the older choice by name; a member marked as past ("not npm", "from npm", 而不是 npm)
 *       does not count as asserted;
 *   <li>{@link Kind#PORT}, {@link Kind#VERSION}, {@link Kind#PATH}, {@link Kind#COMMAND}: another value of
 *       that kind for the same subject, however each sentence is phrased ({@link TypedValues}: "the dev
 *       server runs on port 8080" / "dev server port is 9090"); the ports of two services are two
 *       subjects;
 *   <li>{@link Kind#VALUE_CHANGE}: the same key with another value in "X is Y", "X: Y", "X = Y" (both
 *       positive, short, and neither value contained in the other).
 * </ol>
 * Being rule-based, it misses paraphrases and can misread; what it finds is only ever marked
 * superseded (kept, visible, undoable), never deleted.
 */
public final class Contradictions {
  // The negation rule's meaning of "the same statement": a Jaccard of 0.8 on the two sentences' content words, so
  // that only the polarity differs; part of the rule, as its word lists are, not a preference.
  static final double SAME_STATEMENT = 0.8;

  private Contradictions() {}

  /**
   * The contradiction between two memories, if any: the older one (earlier {@code updated}) is
   * superseded. Empty when both were updated at the same instant, since then neither is newer.
   */
  public static Optional<Contradiction> between(MemoryText a, MemoryText b) {
    return between(new Parsed(a), new Parsed(b));
  }

  private static Optional<Contradiction> between(Parsed a, Parsed b) {
    int order = a.memory.updated().compareTo(b.memory.updated());
    if (order == 0) {
      return Optional.empty();
    }
    Parsed older = order < 0 ? a : b;
    Parsed newer = order < 0 ? b : a;
    for (Kind kind : Kind.values()) {
      for (Statement n : newer.statements) {
        for (Statement o : older.statements) {
          if (contradicts(kind, o, n)) {
            return Optional.of(new Contradiction(older.memory.id(), newer.memory.id(), kind, o.text, n.text));
          }
        }
      }
    }
    return Optional.empty();
  }

  /** A memory with its statements read once, since {@link #find} compares every pair. */
  private static final class Parsed {
    final MemoryText memory;
    final List<Statement> statements;

    Parsed(MemoryText memory) {
      this.memory = memory;
      this.statements = Statement.of(memory.text());
    }
  }

  /**
   * Every memory that a newer one contradicts, each reported once (against the newest memory that
   * contradicts it), ordered by the superseded id.
   */
  public static List<Contradiction> find(List<MemoryText> memories) {
    List<Parsed> sorted = new ArrayList<>();
    for (MemoryText m : memories) {
      sorted.add(new Parsed(m));
    }
    sorted.sort((x, y) -> MemoryText.newestFirst(x.memory, y.memory));
    List<Contradiction> out = new ArrayList<>();
    Set<String> superseded = new HashSet<>();
    for (int i = 0; i < sorted.size(); i++) {
      for (int j = i + 1; j < sorted.size(); j++) {
        if (superseded.contains(sorted.get(j).memory.id())) {
          continue;
        }
        Optional<Contradiction> c = between(sorted.get(i), sorted.get(j));
        if (c.isPresent()) {
          out.add(c.get());
          superseded.add(c.get().supersededId());
        }
      }
    }
    out.sort(Comparator.comparing(Contradiction::supersededId));
    return Collections.unmodifiableList(out);
  }

  static boolean contradicts(Kind kind, Statement older, Statement newer) {
    switch (kind) {
      case NEGATION:
        return older.negative != newer.negative
            && older.content.size() >= 2
            && newer.content.size() >= 2
            && Shingles.jaccard(older.content, newer.content) >= SAME_STATEMENT;
      case ALTERNATIVE:
        return alternative(older, newer);
      case VALUE_CHANGE:
        return valueChange(older, newer);
      default:
        return typedValueChange(kind, older, newer);
    }
  }

  private static boolean typedValueChange(Kind kind, Statement older, Statement newer) {
    for (TypedValues.Value o : older.values) {
      for (TypedValues.Value n : newer.values) {
        if (o.kind() == kind && n.kind() == kind && TypedValues.sameSubject(o, n) && TypedValues.differ(o, n)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean alternative(Statement older, Statement newer) {
    for (Map.Entry<Integer, Set<String>> e : newer.asserted.entrySet()) {
      Set<String> before = older.asserted.get(e.getKey());
      if (before == null || !Collections.disjoint(before, e.getValue())) {
        continue;
      }
      boolean rejectsOld = !Collections.disjoint(before, newer.past.getOrDefault(e.getKey(), Set.of()));
      if (rejectsOld
          || older.sameContext(newer)
          || Statement.CHANGE_MARK.matcher(newer.text).find()) {
        return true;
      }
    }
    return false;
  }

  private static boolean valueChange(Statement older, Statement newer) {
    if (older.key.isEmpty() || newer.key.isEmpty() || older.negative || newer.negative) {
      return false;
    }
    String a = older.value.orElseThrow();
    String b = newer.value.orElseThrow();
    return older.key.equals(newer.key) && !a.contains(b) && !b.contains(a);
  }
}
