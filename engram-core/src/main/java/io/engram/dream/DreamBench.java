package io.engram.dream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Timed harness for the dream's text algorithms on a LoCoMo file (not in the repository; docs/BENCHMARKS.md):
 * the per-session observations serve as memories, the dialog turns with their session dates as text
 * to pin. Prints near-duplicate search time against an exhaustive Jaccard baseline measured in the
 * same run, and relative-date throughput. Run: {@code java -cp engram.jar io.engram.dream.DreamBench <locomo.json>}.
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
  private static int exhaustive(List<MemoryText> memories, double threshold) {
    List<Set<String>> shingles = new ArrayList<>();
    for (MemoryText m : memories) {
      shingles.add(Shingles.of(m.text()));
    }
    int pairs = 0;
    for (int i = 0; i < shingles.size(); i++) {
      for (int j = i + 1; j < shingles.size(); j++) {
        if (Shingles.jaccard(shingles.get(i), shingles.get(j)) >= threshold) {
          pairs++;
        }
      }
    }
    return pairs;
  }
}
