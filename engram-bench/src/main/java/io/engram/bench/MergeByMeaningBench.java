package io.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.dream.MeaningMatch;
import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import io.engram.embeddings.MiniLmEmbedder;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Precision and recall of the dream's merge decisions on planted pairs ({@code merge-pairs.jsonl}: memories
 * with a paraphrase, which should merge, and a related memory about something else, which must not), words
 * only against words and meaning, in the same run. The meaning threshold is chosen on the {@code tune} half
 * (the best F1, ties to the higher threshold) and reported on the {@code test} half, pair by pair and pooled
 * (every text of the half in one store, where any merge across planted pairs is a false one). Run:
 * {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.MergeByMeaningBench --data FILE}.
 */
public final class MergeByMeaningBench {
  private static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");
  private static final double WORDS = 0.8;
  private static final Pattern SPECIFIC = Pattern.compile("`[^`]+`|\\b\\d[\\d.:]*\\d\\b|\\b\\d\\b");

  /** One planted pair. */
  record Pair(String id, boolean tune, boolean same, String a, String b) {}

  /** Counts of merge decisions against the labels. */
  record Score(int truePositives, int falsePositives, int falseNegatives) {
    double precision() {
      return truePositives + falsePositives == 0 ? 1.0 : (double) truePositives / (truePositives + falsePositives);
    }

    double recall() {
      return truePositives + falseNegatives == 0 ? 1.0 : (double) truePositives / (truePositives + falseNegatives);
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    String line() {
      return String.format(Locale.ROOT, "precision %.2f, recall %.2f, F1 %.2f (%d merged right, %d wrongly, %d missed)",
          precision(), recall(), f1(), truePositives, falsePositives, falseNegatives);
    }
  }

  /** What one run measured; {@link #main} prints it. */
  record Report(String model, double threshold, Score wordsTune, Score meaningTune, Score wordsTest,
      Score meaningTest, Score wordsPooled, Score meaningPooled, int specificsKept, int specificsTotal,
      double mergedLengthRatio) {}

  private MergeByMeaningBench() {}

  /** Arguments: {@code --data FILE}. */
  public static void main(String[] args) throws IOException {
    Path data = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--data")) {
        data = Path.of(args[i + 1]);
      }
    }
    if (data == null) {
      System.err.println("usage: MergeByMeaningBench --data merge-pairs.jsonl");
      System.exit(2);
    }
    Report r = run(read(data), new MiniLmEmbedder());
    print(r);
  }

  static void print(Report r) {
    System.out.printf(Locale.ROOT, "model %s, meaning threshold %.2f (chosen on the tune half)%n", r.model(), r.threshold());
    System.out.println("tune,   words only:      " + r.wordsTune().line());
    System.out.println("tune,   words + meaning: " + r.meaningTune().line());
    System.out.println("test,   words only:      " + r.wordsTest().line());
    System.out.println("test,   words + meaning: " + r.meaningTest().line());
    System.out.println("pooled, words only:      " + r.wordsPooled().line());
    System.out.println("pooled, words + meaning: " + r.meaningPooled().line());
    System.out.printf(Locale.ROOT, "merged texts (test pairs merged by meaning): %d of %d numbers and code spans kept,"
        + " %.2f of the two texts' length%n", r.specificsKept(), r.specificsTotal(), r.mergedLengthRatio());
  }

  static List<Pair> read(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Pair> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode n = json.readTree(line);
      out.add(new Pair(n.path("id").asText(), n.path("split").asText().equals("tune"),
          n.path("label").asText().equals("same"), n.path("a").asText(), n.path("b").asText()));
    }
    return out;
  }

  /** Chooses the threshold on the tune half and measures both halves and the pooled test half. */
  static Report run(List<Pair> pairs, Embedder model) {
    Embedder embedder = new CachingEmbedder(model);
    List<Pair> tune = pairs.stream().filter(Pair::tune).toList();
    List<Pair> test = pairs.stream().filter(p -> !p.tune()).toList();
    double best = 0;
    Score bestScore = null;
    for (int t = 50; t <= 99; t++) {
      Score s = pairwise(tune, detector(embedder, t / 100.0));
      if (bestScore == null || s.f1() >= bestScore.f1()) {
        best = t / 100.0;
        bestScore = s;
      }
    }
    NearDuplicates words = new NearDuplicates(WORDS);
    NearDuplicates meaning = detector(embedder, best);
    int[] kept = new int[2];
    double[] length = new double[2];
    for (Pair p : test) {
      if (p.same() && merges(meaning, p) && !merges(words, p)) {
        String merged = NearDuplicates.merge(texts(p), meaning.meaning());
        Set<String> specifics = specifics(p.a());
        specifics.addAll(specifics(p.b()));
        kept[1] += specifics.size();
        kept[0] += (int) specifics.stream().filter(merged::contains).count();
        length[0] += merged.length();
        length[1] += p.a().length() + p.b().length() + 1;
      }
    }
    return new Report(model.name(), best, pairwise(tune, words), bestScore, pairwise(test, words),
        pairwise(test, meaning), pooled(test, words), pooled(test, detector(embedder, best)), kept[0], kept[1],
        length[1] == 0 ? 0 : length[0] / length[1]);
  }

  private static NearDuplicates detector(Embedder embedder, double threshold) {
    return new NearDuplicates(WORDS, Optional.of(new MeaningMatch(embedder, threshold)));
  }

  private static List<MemoryText> texts(Pair p) {
    return List.of(new MemoryText(p.id() + "/a", p.a(), T0), new MemoryText(p.id() + "/b", p.b(), T0.plusSeconds(3600)));
  }

  private static boolean merges(NearDuplicates detector, Pair p) {
    return !detector.find(texts(p)).isEmpty();
  }

  static Score pairwise(List<Pair> pairs, NearDuplicates detector) {
    int tp = 0;
    int fp = 0;
    int fn = 0;
    for (Pair p : pairs) {
      boolean merged = merges(detector, p);
      tp += merged && p.same() ? 1 : 0;
      fp += merged && !p.same() ? 1 : 0;
      fn += !merged && p.same() ? 1 : 0;
    }
    return new Score(tp, fp, fn);
  }

  /**
   * Every distinct text of the pairs in one list: a merge is right only between a memory and its planted
   * paraphrase; every other merged pair (within a related pair or across pairs) is wrong.
   */
  static Score pooled(List<Pair> pairs, NearDuplicates detector) {
    Map<String, MemoryText> byText = new LinkedHashMap<>();
    Set<Set<String>> planted = new HashSet<>();
    int at = 0;
    for (Pair p : pairs) {
      for (String t : List.of(p.a(), p.b())) {
        if (!byText.containsKey(t)) {
          byText.put(t, new MemoryText("m" + byText.size(), t, T0.plusSeconds(60L * at++)));
        }
      }
      if (p.same()) {
        planted.add(Set.of(byText.get(p.a()).id(), byText.get(p.b()).id()));
      }
    }
    Map<String, Integer> group = new HashMap<>();
    List<List<MemoryText>> groups = detector.groups(List.copyOf(byText.values()));
    for (int g = 0; g < groups.size(); g++) {
      for (MemoryText m : groups.get(g)) {
        group.put(m.id(), g);
      }
    }
    List<String> ids = byText.values().stream().map(MemoryText::id).toList();
    int tp = 0;
    int fp = 0;
    for (int i = 0; i < ids.size(); i++) {
      for (int j = i + 1; j < ids.size(); j++) {
        Integer gi = group.get(ids.get(i));
        if (gi != null && gi.equals(group.get(ids.get(j)))) {
          if (planted.contains(Set.of(ids.get(i), ids.get(j)))) {
            tp++;
          } else {
            fp++;
          }
        }
      }
    }
    return new Score(tp, fp, planted.size() - tp);
  }

  private static Set<String> specifics(String text) {
    Set<String> out = new HashSet<>();
    Matcher m = SPECIFIC.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  /** Embeds each distinct text once across all the thresholds tried. */
  private static final class CachingEmbedder implements Embedder {
    private final Embedder model;
    private final Map<String, float[]> cache = new HashMap<>();

    CachingEmbedder(Embedder model) {
      this.model = model;
    }

    @Override
    public float[] embed(String text) {
      return cache.computeIfAbsent(text, model::embed);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      List<String> missing = texts.stream().filter(t -> !cache.containsKey(t)).distinct().toList();
      List<float[]> v = model.embedAll(missing);
      for (int i = 0; i < missing.size(); i++) {
        cache.put(missing.get(i), v.get(i));
      }
      return texts.stream().map(cache::get).toList();
    }

    @Override
    public int dimension() {
      return model.dimension();
    }

    @Override
    public String name() {
      return model.name();
    }
  }
}
