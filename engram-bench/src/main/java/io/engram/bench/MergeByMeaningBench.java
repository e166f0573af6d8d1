package io.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.DreamSettings;
import io.engram.dream.MeaningMatch;
import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.OnnxBertEmbedder;
import io.engram.embeddings.PairedEmbedder;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 * only against words and meaning, in the same run. The meaning threshold is chosen on the {@code tune} half,
 * pooled (every text of the half in one store, where any merge across planted pairs is a false one), as the
 * best F0.5 (a false merge costs more than a missed one; ties to the higher threshold), and reported on the
 * {@code test} half, pair by pair and pooled, beside the threshold the settings ship. With {@code --distinct
 * LOCOMO.json} it also counts merges among LoCoMo's per-session observations, one store per conversation:
 * distinct facts about the same people, written by others, where every merge is wrong (or a fact the
 * conversation stated twice). Run: {@code java -cp engram-bench/target/benchmarks.jar
 * io.engram.bench.MergeByMeaningBench --data FILE [--distinct FILE]}.
 */
public final class MergeByMeaningBench {
  private static final double WORDS = 0.8;
  private static final Pattern SPECIFIC = Pattern.compile("`[^`]+`|\\b\\d[\\d.:]*\\d\\b|\\b\\d\\b");

  /** The scores of one detector on both halves. */
  record Scores(MergeScoring.Score tunePooled, MergeScoring.Score testPairs, MergeScoring.Score testPooled) {}

  /** What one run measured; {@link #main} prints it. */
  record Report(String model, double chosen, double shipped, Scores words, Scores atChosen, Scores atShipped,
      Kept kept) {}

  /** What merged texts kept: numbers and code spans of both texts, and length against the two texts. */
  record Kept(int specifics, int specificsTotal, double lengthRatio) {}

  private MergeByMeaningBench() {}

  /** Arguments: {@code --data FILE [--distinct LOCOMO.json] [--memories SET.json] [--model NAME]}. */
  public static void main(String[] args) throws IOException {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    if (!options.containsKey("--data")) {
      System.err.println("usage: MergeByMeaningBench --data merge-pairs.jsonl [--distinct locomo.json]"
          + " [--memories memories.json] [--model NAME | --model LATIN+CJK]");
      System.exit(2);
    }
    Embedder model = new CachingEmbedder(model(options.getOrDefault("--model", BertModel.ALL_MINILM_L6_V2_Q.name())));
    Report r = run(read(Path.of(options.get("--data"))), model);
    print(r);
    if (options.containsKey("--distinct")) {
      Path distinct = Path.of(options.get("--distinct"));
      for (double t : new double[] {r.shipped(), r.chosen()}) {
        int[] d = distinctMerges(distinct, detector(model, t));
        System.out.printf(Locale.ROOT, "distinct facts (%s), threshold %.2f: %d merged pairs of %d (%.4f%%), %d of %d"
            + " memories in a merge%n", distinct.getFileName(), t, d[0], d[1], 100.0 * d[0] / Math.max(1, d[1]), d[2], d[3]);
      }
      int[] w = distinctMerges(distinct, new NearDuplicates(WORDS));
      System.out.printf(Locale.ROOT, "distinct facts (%s), words only: %d merged pairs of %d, %d of %d memories in a"
          + " merge%n", distinct.getFileName(), w[0], w[1], w[2], w[3]);
    }
    if (options.containsKey("--memories")) {
      Path set = Path.of(options.get("--memories"));
      List<MemoryText> memories = memories(set);
      for (double t : new double[] {r.shipped(), r.chosen()}) {
        NearDuplicates d = detector(model, t);
        System.out.printf(Locale.ROOT, "distinct memories (%s), threshold %.2f: %d merged pairs of %d, %d of %d"
            + " memories in a merge%n", set.getFileName(), t, d.find(memories).size(),
            memories.size() * (memories.size() - 1) / 2, d.groups(memories).stream().mapToInt(List::size).sum(),
            memories.size());
      }
    }
  }

  /**
   * The embedder called {@code name}: one known model, or two joined by {@code +} read as recall reads them (a pair:
   * a stored text is both models' vectors, so two texts' cosine is the mean of the two models' cosines). A model
   * that is not in engram.jar is read from its artifact jar on the class path.
   */
  static Embedder model(String name) {
    String[] parts = name.split("\\+");
    List<Embedder> models = new ArrayList<>();
    for (String part : parts) {
      models.add(OnnxBertEmbedder.shared(BertModel.named(part).orElseThrow(() -> new IllegalArgumentException(
          "unknown model " + part + "; known: " + BertModel.names()))));
    }
    if (models.size() == 1) {
      return models.get(0);
    }
    if (models.size() == 2) {
      return PairedEmbedder.of(models.get(0), models.get(1));
    }
    throw new IllegalArgumentException("one model or a pair joined by +, was " + name);
  }

  /**
   * The memories of a recall set ({@code {"memories": [{"name", "description", "body"}]}}, as the coding sets are
   * written), each a distinct fact: any merge among them is a wrong one.
   */
  static List<MemoryText> memories(Path set) throws IOException {
    List<MemoryText> out = new ArrayList<>();
    Instant at = MergeScoring.T0;
    for (JsonNode m : new ObjectMapper().readTree(set.toFile()).path("memories")) {
      at = at.plusSeconds(60);
      String description = m.path("description").asText();
      String body = m.path("body").asText();
      out.add(new MemoryText(m.path("name").asText("m" + out.size()),
          body.startsWith(description) ? body : description + "\n" + body, at));
    }
    return out;
  }

  static void print(Report r) {
    System.out.printf(Locale.ROOT, "model %s: threshold chosen on the tune half %.2f, shipped %.2f%n", r.model(),
        r.chosen(), r.shipped());
    print("words only", r.words());
    print(String.format(Locale.ROOT, "meaning %.2f (chosen)", r.chosen()), r.atChosen());
    print(String.format(Locale.ROOT, "meaning %.2f (shipped)", r.shipped()), r.atShipped());
    System.out.printf(Locale.ROOT, "merged texts (test pairs merged by meaning at the shipped threshold): %d of %d"
        + " numbers and code spans kept, %.2f of the two texts' length%n", r.kept().specifics(),
        r.kept().specificsTotal(), r.kept().lengthRatio());
  }

  private static void print(String name, Scores s) {
    System.out.println(name + ", tune pooled: " + s.tunePooled().line());
    System.out.println(name + ", test pairs:  " + s.testPairs().line());
    System.out.println(name + ", test pooled: " + s.testPooled().line());
  }

  /**
   * Merges among one conversation's observations at a time: merged pairs, pairs compared, memories that
   * are in a merge group, memories.
   */
  static int[] distinctMerges(Path locomo, NearDuplicates detector) throws IOException {
    JsonNode root = new ObjectMapper().readTree(locomo.toFile());
    int[] out = new int[4];
    for (JsonNode sample : root) {
      List<MemoryText> facts = new ArrayList<>();
      Instant at = MergeScoring.T0;
      for (JsonNode session : sample.path("observation")) {
        for (JsonNode speaker : session) {
          for (JsonNode fact : speaker) {
            at = at.plusSeconds(60);
            facts.add(new MemoryText("f" + facts.size(), fact.path(0).asText(), at));
          }
        }
      }
      out[0] += detector.find(facts).size();
      out[1] += facts.size() * (facts.size() - 1) / 2;
      out[2] += detector.groups(facts).stream().mapToInt(List::size).sum();
      out[3] += facts.size();
    }
    return out;
  }

  static List<MergeScoring.Pair> read(Path file) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<MergeScoring.Pair> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode n = json.readTree(line);
      out.add(new MergeScoring.Pair(n.path("id").asText(), n.path("split").asText().equals("tune"),
          n.path("label").asText().equals("same"), n.path("a").asText(), n.path("b").asText()));
    }
    return out;
  }

  /** Chooses the threshold on the tune half and measures the test half, at it and at the shipped one. */
  static Report run(List<MergeScoring.Pair> pairs, Embedder model) {
    Embedder embedder = model instanceof CachingEmbedder ? model : new CachingEmbedder(model);
    List<MergeScoring.Pair> tune = pairs.stream().filter(MergeScoring.Pair::tune).toList();
    List<MergeScoring.Pair> test = pairs.stream().filter(p -> !p.tune()).toList();
    double best = 0;
    double bestScore = -1;
    for (int t = 50; t <= 99; t++) {
      double f = MergeScoring.fBeta(MergeScoring.pooled(tune, detector(embedder, t / 100.0)), 0.5);
      if (f >= bestScore) {
        best = t / 100.0;
        bestScore = f;
      }
    }
    double shipped = NearDuplicates.meaningThreshold(DreamSettings.DEFAULTS, model.name()).orElse(best);
    NearDuplicates meaning = detector(embedder, shipped);
    NearDuplicates words = new NearDuplicates(WORDS);
    int[] kept = new int[2];
    double[] length = new double[2];
    for (MergeScoring.Pair p : test) {
      if (p.same() && MergeScoring.merges(meaning, p) && !MergeScoring.merges(words, p)) {
        String merged = NearDuplicates.merge(MergeScoring.texts(p), meaning.meaning());
        Set<String> specifics = specifics(p.a());
        specifics.addAll(specifics(p.b()));
        kept[1] += specifics.size();
        kept[0] += (int) specifics.stream().filter(merged::contains).count();
        length[0] += merged.length();
        length[1] += p.a().length() + p.b().length() + 1;
      }
    }
    return new Report(model.name(), best, shipped, scores(tune, test, words),
        scores(tune, test, detector(embedder, best)), scores(tune, test, meaning),
        new Kept(kept[0], kept[1], length[1] == 0 ? 0 : length[0] / length[1]));
  }

  private static Scores scores(List<MergeScoring.Pair> tune, List<MergeScoring.Pair> test, NearDuplicates detector) {
    return new Scores(MergeScoring.pooled(tune, detector), MergeScoring.pairwise(test, detector),
        MergeScoring.pooled(test, detector));
  }

  private static NearDuplicates detector(Embedder embedder, double threshold) {
    return new NearDuplicates(WORDS, Optional.of(new MeaningMatch(embedder, threshold)));
  }

  private static Set<String> specifics(String text) {
    Set<String> out = new HashSet<>();
    Matcher m = SPECIFIC.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
