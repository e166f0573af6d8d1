package io.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.dream.Contradictions;
import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import io.engram.dream.RelativeDates;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Timed harness for the dream's text algorithms on a LoCoMo file (not in the repository; docs/BENCHMARKS.md):
 * the per-session observations serve as memories, the dialog turns with their session dates as text
 * to pin. Prints near-duplicate search time against an exhaustive Jaccard baseline measured in the
 * same run, and relative-date throughput.
 *
 * <p>The baseline is written here, apart from the detector: Jaccard of word-bigram shingles (lower
 * case, letters and digits, one Han character a word) for every pair, with no size filter. Its pair
 * count is printed beside the detector's, so a difference between the two shows at once. Run: {@code
 * java -cp engram-bench/target/benchmarks.jar io.engram.bench.DreamBench <locomo.json>}.
 */
public final class DreamBench {
  private static final DateTimeFormatter SESSION_DATE =
      new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern("h:mm a 'on' d MMMM, yyyy")
          .toFormatter(Locale.ENGLISH);

  private DreamBench() {}

  /** Runs the benchmark on the LoCoMo file named by the first argument. */
  public static void main(String[] args) throws IOException {
    JsonNode root = new ObjectMapper().readTree(Path.of(args[0]).toFile());
    List<MemoryText> memories = new ArrayList<>();
    List<String> turns = new ArrayList<>();
    List<LocalDate> turnDates = new ArrayList<>();
    for (JsonNode sample : root) {
      collect(sample, memories, turns, turnDates);
    }
    NearDuplicates detector = new NearDuplicates(0.8);
    long t0 = System.nanoTime();
    int baselinePairs = exhaustive(memories, 0.8);
    long baseline = System.nanoTime() - t0;
    long bestFiltered = Long.MAX_VALUE;
    int pairs = 0;
    for (int i = 0; i < 3; i++) {
      long t = System.nanoTime();
      pairs = detector.find(memories).size();
      bestFiltered = Math.min(bestFiltered, System.nanoTime() - t);
    }
    System.out.printf(Locale.ROOT, "near-duplicates: %d memories, %d pairs (baseline %d); find %.0f ms, "
        + "exhaustive baseline %.0f ms, ratio %.2fx%n", memories.size(), pairs, baselinePairs,
        bestFiltered / 1e6, baseline / 1e6, (double) baseline / bestFiltered);
    long t1 = System.nanoTime();
    int mentions = 0;
    long chars = 0;
    for (int i = 0; i < turns.size(); i++) {
      mentions += RelativeDates.absolutize(turns.get(i), turnDates.get(i)).mentions().size();
      chars += turns.get(i).length();
    }
    double seconds = (System.nanoTime() - t1) / 1e9;
    System.out.printf(Locale.ROOT, "relative dates: %d turns, %d mentions pinned, %.1f MB/s%n",
        turns.size(), mentions, chars / 1e6 / seconds);
    List<MemoryText> some = memories.subList(0, Math.min(400, memories.size()));
    long t2 = System.nanoTime();
    int found = Contradictions.find(some).size();
    System.out.printf(Locale.ROOT, "contradictions: %d memories (%d pairs), %d found, %.0f ms%n",
        some.size(), some.size() * (some.size() - 1) / 2, found, (System.nanoTime() - t2) / 1e6);
  }

  private static void collect(JsonNode sample, List<MemoryText> memories, List<String> turns, List<LocalDate> dates) {
    JsonNode conversation = sample.path("conversation");
    Instant at = Instant.parse("2023-01-01T00:00:00Z");
    for (Iterator<Map.Entry<String, JsonNode>> it = sample.path("observation").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> session = it.next();
      for (Iterator<JsonNode> speakers = session.getValue().elements(); speakers.hasNext(); ) {
        for (JsonNode fact : speakers.next()) {
          at = at.plusSeconds(60);
          memories.add(new MemoryText(sample.path("sample_id").asText() + "/" + memories.size(), fact.path(0).asText(), at));
        }
      }
    }
    for (Iterator<String> names = conversation.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!name.matches("session_\\d+")) {
        continue;
      }
      LocalDate date = LocalDate.parse(conversation.path(name + "_date_time").asText(), SESSION_DATE);
      for (JsonNode turn : conversation.path(name)) {
        turns.add(turn.path("text").asText());
        dates.add(date);
      }
    }
  }

  /** The baseline: Jaccard of every pair, no size filter. */
  static int exhaustive(List<MemoryText> memories, double threshold) {
    List<Set<String>> shingles = new ArrayList<>();
    for (MemoryText m : memories) {
      shingles.add(shingles(m.text()));
    }
    int pairs = 0;
    for (int i = 0; i < shingles.size(); i++) {
      for (int j = i + 1; j < shingles.size(); j++) {
        Set<String> a = shingles.get(i);
        Set<String> b = shingles.get(j);
        if (a.isEmpty() || b.isEmpty()) {
          continue;
        }
        Set<String> small = a.size() <= b.size() ? a : b;
        Set<String> large = small == a ? b : a;
        int common = 0;
        for (String s : small) {
          if (large.contains(s)) {
            common++;
          }
        }
        if ((double) common / (a.size() + b.size() - common) >= threshold) {
          pairs++;
        }
      }
    }
    return pairs;
  }

  /** Word bigrams of {@code text}; a one-word text is its own single shingle. */
  static Set<String> shingles(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int cp : text.toLowerCase(Locale.ROOT).codePoints().toArray()) {
      boolean han = Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
      if (Character.isLetterOrDigit(cp) && !han) {
        word.appendCodePoint(cp);
        continue;
      }
      if (word.length() > 0) {
        words.add(word.toString());
        word.setLength(0);
      }
      if (han) {
        words.add(Character.toString(cp));
      }
    }
    if (word.length() > 0) {
      words.add(word.toString());
    }
    Set<String> out = new HashSet<>();
    if (words.size() == 1) {
      out.add(words.get(0));
    }
    for (int i = 0; i + 1 < words.size(); i++) {
      out.add(words.get(i) + ' ' + words.get(i + 1));
    }
    return out;
  }
}
