package io.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.compaction.ClaudeCodeComparison;
import io.engram.compaction.ScoreReading;
import io.engram.config.EngramSettings;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The all-pairs check of the compaction score: every compaction of a folder scored against the Claude Code summary
 * of every other session's compaction of the same repository, where another session's summary is the hardest
 * baseline (same files, same words, other work). Prints one line per pair at or above the band (70) and a total
 * line per folder: pairs, pairs at 70 or more, compactions they fall on, the highest.
 *
 * <p>A compaction whose Claude Code summary is none (the harness's words in its place, {@link
 * ClaudeCodeComparison#noSummary}) is left out, as the bench leaves it out.
 *
 * <p>The repository of a compaction is the {@code repo} column of the folder's {@code index.tsv} when it has one,
 * else the working directory its {@code ID.next.json} records ({@code cwd}), else the folder.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.engram.bench.CompactionPairsProbe DIR...}
 */
public final class CompactionPairsProbe {
  // The band another session's summary must stay under: the score's retry edge, its definition.
  private static final double BAND = 70;

  private CompactionPairsProbe() {}

  private record Compaction(String id, String session, String repo) {}

  public static void main(String[] args) throws IOException {
    EngramSettings settings = EngramSettings.DEFAULTS;
    ObjectMapper json = new ObjectMapper();
    int allPairs = 0;
    int allHigh = 0;
    for (String arg : args) {
      Path dir = Path.of(arg);
      Map<String, String> repos = repoColumn(dir.resolve("index.tsv"));
      List<Compaction> compactions = new ArrayList<>();
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.sorted().toList()) {
          String name = f.getFileName().toString();
          if (!name.endsWith(".pre.jsonl")) {
            continue;
          }
          String id = name.substring(0, name.length() - ".pre.jsonl".length());
          if (!Files.isRegularFile(dir.resolve(id + ".cc.txt")) || !Files.isRegularFile(dir.resolve(id + ".next.json"))
              || ClaudeCodeComparison.noSummary(Files.readString(dir.resolve(id + ".cc.txt"), StandardCharsets.UTF_8))
                  .isPresent()) {
            continue;
          }
          JsonNode next = json.readTree(dir.resolve(id + ".next.json").toFile());
          String repo = repos.getOrDefault(id, next.path("cwd").asText(dir.toString()));
          compactions.add(new Compaction(id, next.path("session_id").asText(id), repo));
        }
      }
      int pairs = 0;
      int high = 0;
      double max = 0;
      java.util.Set<String> on = new java.util.TreeSet<>();
      for (Compaction c : compactions) {
        List<Compaction> others = compactions.stream()
            .filter(o -> o.repo().equals(c.repo()) && !o.session().equals(c.session())).toList();
        if (others.isEmpty()) {
          continue;
        }
        Transcript t = TranscriptReader.read(dir.resolve(c.id() + ".pre.jsonl"));
        if (t.messages().isEmpty()) {
          continue;
        }
        ScoreReading reading = ScoreReading.of(settings, t);
        for (Compaction o : others) {
          double s = reading.score(Files.readString(dir.resolve(o.id() + ".cc.txt"), StandardCharsets.UTF_8)).total();
          pairs++;
          max = Math.max(max, s);
          if (s >= BAND) {
            high++;
            on.add(c.id());
            System.out.printf(Locale.ROOT, "%s\t%s\t%s\t%.1f%n", dir.getFileName(), c.id(), o.id(), s);
          }
        }
        System.out.flush();
      }
      allPairs += pairs;
      allHigh += high;
      System.out.printf(Locale.ROOT, "# %s: %d pairs, %d at 70 or more on %d compactions, max %.1f%n",
          dir.getFileName(), pairs, high, on.size(), max);
    }
    System.out.printf(Locale.ROOT, "# all: %d pairs, %d at 70 or more%n", allPairs, allHigh);
  }

  private static Map<String, String> repoColumn(Path index) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    if (!Files.isRegularFile(index)) {
      return out;
    }
    List<String> lines = Files.readAllLines(index, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      return out;
    }
    int col = List.of(lines.get(0).split("\t")).indexOf("repo");
    if (col < 0) {
      return out;
    }
    for (String line : lines.subList(1, lines.size())) {
      String[] cols = line.split("\t");
      if (cols.length > col) {
        out.put(cols[0], cols[col]);
      }
    }
    return out;
  }
}
