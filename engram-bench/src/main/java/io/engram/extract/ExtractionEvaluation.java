package io.engram.extract;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Precision and recall of an {@link Extractor} on a labelled set (JSONL, one {@link LabelledItem} a line).
 *
 * <p>A candidate matches a label when the type is the same and the label's phrase occurs in the
 * candidate (case-insensitive); each label and each candidate is matched at most once. {@link
 * #printTable} sets the offline rules beside a keyword baseline, split by split.
 */
public final class ExtractionEvaluation {
  private ExtractionEvaluation() {}

  /** Counts over a set of items. */
  record Score(int items, int candidates, int labels, int matched) {
    /** Matched candidates over all candidates; 1 when there were none. */
    public double precision() {
      return candidates == 0 ? 1.0 : (double) matched / candidates;
    }

    /** Matched labels over all labels; 1 when there were none. */
    public double recall() {
      return labels == 0 ? 1.0 : (double) matched / labels;
    }

    /** Harmonic mean of precision and recall. */
    public double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }
  }

  /** The result for one item: what was proposed, what was missed and what was wrong. */
  record ItemResult(LabelledItem item, List<MemoryCandidate> falsePositives, List<LabelledItem.Label> missed, int matched) {}

  /** A score with the per-item results behind it. */
  record Report(Score score, List<ItemResult> items) {}

  /** Reads a labelled set; a bad line fails with its line number. */
  static List<LabelledItem> read(Reader in) throws IOException {
    return LabelledLines.read(in, ExtractionEvaluation::item, n -> "labelled set, line " + n + ": ");
  }

  /** Runs {@code extractor} on every item that {@code which} accepts, with no existing memories. */
  static Report evaluate(Extractor extractor, List<LabelledItem> items, Predicate<LabelledItem> which) {
    int count = 0;
    int candidates = 0;
    int labels = 0;
    int matched = 0;
    List<ItemResult> results = new ArrayList<>();
    for (LabelledItem item : items) {
      if (!which.test(item)) {
        continue;
      }
      List<MemoryCandidate> found = new ArrayList<>(extractor.extract(item.turns(), List.of()));
      List<LabelledItem.Label> missed = new ArrayList<>();
      int hits = 0;
      for (LabelledItem.Label label : item.labels()) {
        MemoryCandidate hit = found.stream().filter(label::matches).findFirst().orElse(null);
        if (hit == null) {
          missed.add(label);
        } else {
          found.remove(hit);
          hits++;
        }
      }
      count++;
      candidates += hits + found.size();
      labels += item.labels().size();
      matched += hits;
      results.add(new ItemResult(item, List.copyOf(found), List.copyOf(missed), hits));
    }
    return new Report(new Score(count, candidates, labels, matched), List.copyOf(results));
  }

  /**
   * Reads the labelled set at {@code labelledSet} (JSONL), replays its real examples through the extraction
   * pass's view of their transcripts when {@code transcriptsDir} is given ({@link LabelledTranscripts}), and
   * writes the table of {@link #printTable(List, boolean, PrintStream)} to {@code out}.
   *
   * @throws IOException when the set or a transcript cannot be read, or a line of the set is bad
   */
  public static void printTable(Path labelledSet, Optional<Path> transcriptsDir, boolean misses, PrintStream out)
      throws IOException {
    List<LabelledItem> items;
    try (Reader in = Files.newBufferedReader(labelledSet, StandardCharsets.UTF_8)) {
      items = read(in);
    }
    if (transcriptsDir.isPresent()) {
      items = LabelledTranscripts.throughTranscriptTurns(items, transcriptsDir.get());
    }
    printTable(items, misses, out);
  }

  /**
   * Writes precision and recall of the offline rules and of the keyword baseline, per split, to {@code
   * out}; with {@code misses}, every false positive and missed label of the dev and held-out splits too.
   */
  static void printTable(List<LabelledItem> items, boolean misses, PrintStream out) {
    Extractor rules = new RuleBasedExtractor();
    Extractor baseline = new KeywordBaselineExtractor();
    out.printf("%-12s %-9s %5s %5s %5s %4s %9s %7s %5s%n", "split", "extractor", "items", "cand", "labels", "FP",
        "precision", "recall", "F1");
    for (String split : List.of("dev", "dev:hand", "dev:real", "heldout", "heldout:hand", "heldout:real", "all")) {
      Score r = scoreAndMisses(rules, items, split, misses, out);
      Score b = scoreAndMisses(baseline, items, split, false, out);
      row(out, split, "rules", r);
      row(out, split, "baseline", b);
      if (r.labels() > 0 && b.f1() > 0) {
        out.printf("%-12s F1 ratio rules/baseline: %.2f%n", split, r.f1() / b.f1());
      }
    }
  }

  /** {@code all}, a split ({@code dev}), or a split and origin ({@code dev:real}, {@code heldout:hand}). */
  static boolean selects(String selector, LabelledItem i) {
    if (selector.equals("all")) {
      return true;
    }
    String[] parts = selector.split(":");
    boolean real = i.origin().startsWith("transcript:");
    return i.split().equals(parts[0]) && (parts.length == 1 || parts[1].equals(real ? "real" : "hand"));
  }

  private static Score scoreAndMisses(Extractor e, List<LabelledItem> items, String split, boolean misses,
      PrintStream out) {
    Report report = evaluate(e, items, i -> selects(split, i));
    if (misses && !split.equals("all") && !split.contains(":")) {
      for (ItemResult r : report.items()) {
        r.falsePositives().forEach(c ->
            out.printf("  FP %s %s %s | %s%n", r.item().id(), c.type().label(), c.name(), c.description()));
        r.missed().forEach(l -> out.printf("  FN %s %s '%s'%n", r.item().id(), l.type().label(), l.phrase()));
      }
    }
    return report.score();
  }

  private static void row(PrintStream out, String split, String name, Score s) {
    out.printf("%-12s %-9s %5d %5d %5d %4d %9.3f %7.3f %5.3f%n", split, name, s.items(), s.candidates(), s.labels(),
        s.candidates() - s.matched(), s.precision(), s.recall(), s.f1());
  }

  private static LabelledItem item(JsonNode n) {
    List<TurnText> turns = new ArrayList<>();
    for (JsonNode t : required(n, "turns")) {
      turns.add(
          new TurnText(
              TurnRole.valueOf(required(t, "role").asText()),
              required(t, "text").asText(),
              java.time.Instant.EPOCH,
              "",
              t.path("memoryWritten").asBoolean(false)));
    }
    List<LabelledItem.Label> labels = new ArrayList<>();
    for (JsonNode l : required(n, "labels")) {
      labels.add(new LabelledItem.Label(CandidateType.fromLabel(required(l, "type").asText()), required(l, "phrase").asText()));
    }
    return new LabelledItem(
        required(n, "id").asText(), required(n, "split").asText(), n.path("origin").asText("hand"), turns, labels);
  }

  private static JsonNode required(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field '" + field + "'");
    }
    return v;
  }
}
