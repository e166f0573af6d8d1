package io.engram.recall;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The relevance floor of one query, candidate by candidate ({@link #clears}): a keyword match covering {@code
 * keywordFloor} of the query's words that the model vouches for ({@code keywordGate}), or a cosine at least the vector
 * floor. A memory in the query's script has the query's vector floor ({@link RecallIndex#vectorFloor}). A memory in the
 * other script, with a pair, is judged against the nearest reference prompt of the memory's script, stored as memories
 * are and scored as such a memory is ({@link SecondReadings#nearestReference}), plus the reading model's {@code
 * recall.otherScriptMargins}: one model's cosines across two languages run lower than within one (bge-small-zh puts a
 * Chinese prompt and its English translation at 0.56, a Chinese prompt and its own words at 0.89), so the query's own
 * floor, set by prompts in its script, let a Chinese question's English answer through about one time in six. That
 * nearest reference is measured once per query and memory script, when a memory in that script is first judged.
 *
 * <p>The keyword gate keeps a prompt nobody asked about silent; when someone asked ({@link #forKind}, {@link
 * RecallKind#SEARCH}), a keyword match covering {@code recall.askedCoverage} of the query's weight (every content word
 * of it, by default) clears without the gate: the model's reading of a one- or two-word query ("api", "部署") is far
 * from every memory and near the everyday requests, so the gate dropped the very memory a keyword search lists first.
 */
public final class RelevanceFloor {
  private final double keywordFloor;
  private final double vectorFloor;
  private final double keywordGate;
  private final Function<String, Optional<Script>> otherScript;
  private final ToDoubleFunction<Script> nearestReference;
  private final OptionalDouble margin;
  private final double scale;
  private final double askedCoverage;
  private final Map<Script, Double> measured = new EnumMap<>(Script.class);

  RelevanceFloor(double keywordFloor, double vectorFloor, double keywordGate,
      Function<String, Optional<Script>> otherScript, ToDoubleFunction<Script> nearestReference, OptionalDouble margin,
      double scale) {
    this(keywordFloor, vectorFloor, keywordGate, otherScript, nearestReference, margin, scale,
        Double.POSITIVE_INFINITY);
  }

  private RelevanceFloor(double keywordFloor, double vectorFloor, double keywordGate,
      Function<String, Optional<Script>> otherScript, ToDoubleFunction<Script> nearestReference, OptionalDouble margin,
      double scale, double askedCoverage) {
    this.askedCoverage = askedCoverage;
    this.keywordFloor = keywordFloor;
    this.vectorFloor = vectorFloor;
    this.keywordGate = keywordGate;
    this.otherScript = otherScript;
    this.nearestReference = nearestReference;
    this.margin = margin;
    this.scale = scale;
  }

  /** The floor of a query judged by its words alone, or by fixed floors: every memory has {@code vectorFloor}. */
  public static RelevanceFloor fixed(double keywordFloor, double vectorFloor, double keywordGate) {
    return new RelevanceFloor(keywordFloor, vectorFloor, keywordGate, id -> Optional.empty(), s -> Double.NaN,
        OptionalDouble.empty(), 1);
  }

  /**
   * Whether {@code c} clears the floor ({@link Candidate#clears}, with {@link #vectorFloor(Candidate)} for it), or, in a
   * search someone asked for, covers at least {@link #askedCoverage} of the query's weight.
   */
  public boolean clears(Candidate c) {
    return passesUngated(c) || c.clears(keywordFloor, vectorFloor(c), keywordGate);
  }

  /** Whether {@code c} clears by its keywords alone, the gate not asked: a search someone asked for covering enough. */
  public boolean passesUngated(Candidate c) {
    return c.fused() > 0 && c.coverage() >= Math.max(keywordFloor, askedCoverage);
  }

  /**
   * The share of the query's weight with which a keyword match clears without the keyword gate: infinite (never) for
   * memories sent unasked.
   */
  public double askedCoverage() {
    return askedCoverage;
  }

  /**
   * This floor for a recall of {@code kind}: for {@link RecallKind#SEARCH}, a keyword match covering {@code
   * askedCoverage} of the query's weight clears whatever the model makes of it; for {@link RecallKind#INJECTION}, this
   * floor. The measured references are kept.
   */
  public RelevanceFloor forKind(RecallKind kind, double askedCoverage) {
    return new RelevanceFloor(keywordFloor, vectorFloor, keywordGate, otherScript,
        s -> measured.computeIfAbsent(s, nearestReference::applyAsDouble), margin, scale,
        kind == RecallKind.SEARCH ? askedCoverage : Double.POSITIVE_INFINITY);
  }

  /**
   * The cosine {@code c} must reach to clear by meaning: the query's vector floor, or for a memory in the other script
   * with a margin, the nearest reference prompt of its script plus the margin, on the reading's scale.
   */
  public double vectorFloor(Candidate c) {
    if (margin.isEmpty() || c.cosine().isEmpty()) {
      return vectorFloor;
    }
    Optional<Script> script = otherScript.apply(c.id()).filter(s -> s != Script.HANGUL); // no Korean references
    if (script.isEmpty()) {
      return vectorFloor;
    }
    double reference = measured.computeIfAbsent(script.get(), nearestReference::applyAsDouble);
    return Double.isNaN(reference) ? vectorFloor : reference + margin.getAsDouble() * scale;
  }

  /** The cosine a keyword match must also reach. */
  public double keywordGate() {
    return keywordGate;
  }

  /** This floor with {@code margin} for memories in the other script (the lab's grid); the measured references kept. */
  public RelevanceFloor withOtherScriptMargin(double margin) {
    return new RelevanceFloor(keywordFloor, vectorFloor, keywordGate, otherScript,
        s -> measured.computeIfAbsent(s, nearestReference::applyAsDouble), OptionalDouble.of(margin), scale,
        askedCoverage);
  }
}
