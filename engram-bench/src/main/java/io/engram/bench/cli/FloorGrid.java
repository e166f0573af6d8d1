package io.engram.bench.cli;

import io.engram.bench.cli.CodingRecallBench.Floor;
import io.engram.config.RecallSettings;
import io.engram.recall.Candidate;
import io.engram.recall.Embedder;
import io.engram.recall.RecallIndex;
import io.engram.recall.RecallKind;
import io.engram.recall.RelevanceFloor;
import java.util.ArrayList;
import java.util.List;

/**
 * What a relevance floor would send over the coding set's ranked candidates ({@link CodingRecallBench}): a fixed
 * keyword and vector floor, each query's floor as recall computes it, and the variants a grid tunes (an anchor margin,
 * a keyword gate, the other script's margin), each as a {@link Floor}: the shares of queries answered, of expected
 * memories sent, of unanswerable queries left silent, the precision, and what the floor cut from recall's top files.
 * A {@code lang} of null counts every query.
 */
final class FloorGrid {
  private final CodingSet set;
  private final RecallSettings settings;

  FloorGrid(CodingSet set, RecallSettings settings) {
    this.set = set;
    this.settings = settings;
  }

  Floor floor(List<List<Candidate>> ranked, double keywordFloor, double vectorFloor) {
    return floor(ranked, keywordFloor, vectorFloor, null);
  }

  /**
   * What the floor sends when each query's vector floor is its nearest reference prompt's cosine plus {@code margin}
   * (at least the reading model's absolute floor), on the reading's scale, as {@link RecallIndex#vectorFloor} computes
   * it; the returned floor's {@code vectorFloor} is the margin.
   */
  Floor anchored(List<List<Candidate>> ranked, List<Double> anchors, List<Embedder.Reading> readings,
      double keywordFloor, double margin, String lang) {
    List<List<Candidate>> cut = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      double a = anchors.get(i);
      double configured = settings.vectorFloor(readings.get(i).model());
      double floor = readings.get(i).scale() * (Double.isNaN(a) ? configured
          : Math.max(configured == Double.POSITIVE_INFINITY ? -1 : configured, a + margin));
      cut.add(ranked.get(i).stream().filter(c -> c.clears(keywordFloor, floor)).toList());
    }
    Floor f = floor(cut, -1, Double.POSITIVE_INFINITY, lang);
    return new Floor(keywordFloor, margin, f.answered(), f.expectedSent(), f.silent(), f.precision(), f.cut());
  }

  /**
   * What recall's floor sends when a memory that clears by keywords must also be no further from the prompt, by the
   * model, than the nearest reference prompt plus {@code gate} (on the reading's scale; a memory without a cosine keeps
   * the keyword route); the vector route as recall computes it. The returned floor's {@code vectorFloor} is the gate.
   */
  Floor gated(List<List<Candidate>> ranked, List<RelevanceFloor> floors, List<Double> anchors,
      List<Embedder.Reading> readings,
      double keywordFloor, double gate, String lang) {
    List<List<Candidate>> cut = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      double a = anchors.get(i);
      RelevanceFloor rf = floors.get(i);
      double kg = Double.isNaN(a) ? Double.NEGATIVE_INFINITY : readings.get(i).scale() * (a + gate);
      cut.add(ranked.get(i).stream().filter(c -> c.clears(keywordFloor, rf.vectorFloor(c), kg)).toList());
    }
    Floor f = floor(cut, -1, Double.POSITIVE_INFINITY, lang);
    return new Floor(keywordFloor, gate, f.answered(), f.expectedSent(), f.silent(), f.precision(), f.cut());
  }

  /**
   * What recall's floor sends, each query with the vector floor recall computed for it; the returned floor's {@code
   * vectorFloor} is the model's absolute one.
   */
  Floor floorPerQuery(List<List<Candidate>> ranked, List<RelevanceFloor> floors, double keywordFloor,
      double absolute, String lang) {
    List<List<Candidate>> cut = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      cut.add(ranked.get(i).stream().filter(floors.get(i)::clears).toList());
    }
    Floor sent = floor(cut, -1, Double.POSITIVE_INFINITY, lang);
    Floor held = floor(ranked, keywordFloor, absolute, lang);
    return new Floor(keywordFloor, absolute, sent.answered(), sent.expectedSent(), sent.silent(), sent.precision(),
        held.cut());
  }

  /**
   * What recall's floor sends when a memory in the other script than the query must beat the nearest reference prompt
   * of its own script by {@code margin} ({@code recall.otherScriptMargins}), the rest of each query's floor as recall
   * computes it; the returned floor's {@code vectorFloor} is the margin.
   */
  Floor otherScriptMargin(List<List<Candidate>> ranked, List<RelevanceFloor> floors, double margin,
      String lang) {
    List<List<Candidate>> cut = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      RelevanceFloor rf = floors.get(i).withOtherScriptMargin(margin);
      cut.add(ranked.get(i).stream().filter(rf::clears).toList());
    }
    Floor f = floor(cut, -1, Double.POSITIVE_INFINITY, lang);
    return new Floor(settings.keywordFloor(), margin, f.answered(), f.expectedSent(), f.silent(), f.precision(),
        f.cut());
  }

  /**
   * What recall's floor sends for a search someone asked for ({@link RecallKind#SEARCH}) when a keyword match covering
   * {@code coverage} of the query's weight clears without the keyword gate, the rest of each query's floor as recall
   * computes it; the returned floor's {@code vectorFloor} is that coverage.
   */
  Floor asked(List<List<Candidate>> ranked, List<RelevanceFloor> floors, double coverage, String lang) {
    List<List<Candidate>> cut = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      RelevanceFloor rf = floors.get(i).forKind(RecallKind.SEARCH, coverage);
      cut.add(ranked.get(i).stream().filter(rf::clears).toList());
    }
    Floor f = floor(cut, -1, Double.POSITIVE_INFINITY, lang);
    return new Floor(settings.keywordFloor(), coverage, f.answered(), f.expectedSent(), f.silent(), f.precision(),
        f.cut());
  }

  /** What the floor sends for the queries labelled {@code lang} (all when null). */
  Floor floor(List<List<Candidate>> ranked, double keywordFloor, double vectorFloor, String lang) {
    int files = settings.filesPerTurn();
    int answerable = 0;
    int answered = 0;
    int expected = 0;
    int expectedSent = 0;
    int unanswerable = 0;
    int silent = 0;
    int sentForAnswerable = 0;
    int sentExpected = 0;
    int heldInTop = 0;
    int cut = 0;
    for (int i = 0; i < ranked.size(); i++) {
      CodingSet.Query q = set.queries().get(i);
      if (lang != null && !lang.equals(q.lang())) {
        continue;
      }
      List<Candidate> all = ranked.get(i);
      List<String> sent = all.stream().filter(c -> c.clears(keywordFloor, vectorFloor)).limit(files)
          .map(Candidate::id).toList();
      if (q.expected().isEmpty()) {
        unanswerable++;
        silent += sent.isEmpty() ? 1 : 0;
        continue;
      }
      answerable++;
      expected += q.expected().size();
      answered += sent.stream().anyMatch(q.expected()::contains) ? 1 : 0;
      expectedSent += (int) sent.stream().filter(q.expected()::contains).count();
      sentForAnswerable += sent.size();
      sentExpected += (int) sent.stream().filter(q.expected()::contains).count();
      for (Candidate c : all.stream().limit(files).toList()) {
        if (q.expected().contains(c.id())) {
          heldInTop++;
          cut += c.clears(keywordFloor, vectorFloor) ? 0 : 1;
        }
      }
    }
    return new Floor(keywordFloor, vectorFloor == Double.POSITIVE_INFINITY ? -1 : vectorFloor,
        percent(answered, answerable), percent(expectedSent, expected), percent(silent, unanswerable),
        percent(sentExpected, sentForAnswerable), percent(cut, heldInTop));
  }

  /** {@code part} of {@code whole} in percent, to a tenth; 0 of nothing. */
  static double percent(int part, int whole) {
    return whole == 0 ? 0 : Math.round(1000.0 * part / whole) / 10.0;
  }
}
