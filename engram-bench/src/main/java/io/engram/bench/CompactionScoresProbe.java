package io.engram.bench;

import io.engram.bench.cli.TsvColumn;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.compaction.AdversarialSummaries;
import io.engram.compaction.ClaudeCodeComparison;
import io.engram.compaction.CompactionScore;
import io.engram.compaction.ScoreReading;
import io.engram.config.EngramSettings;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The score figures of {@code bench compaction} without Engram's compaction: for every compaction of a folder, the
 * score of Claude Code's summary (with its four parts) and of the three baselines the bench scores beside it (the
 * keyword dump, the user messages alone, and the summary of the bench's pairing: the next compaction of the same part
 * from another session), one tab-separated line each. The same scorer, read once per transcript, so a change to the
 * score can be measured on every group before and after in the time the bench takes for one. A compaction whose
 * Claude Code summary is none (the harness's words in its place) has a line "no summary" and is no other session's.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.engram.bench.CompactionScoresProbe DIR}
 */
public final class CompactionScoresProbe {
  private CompactionScoresProbe() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    EngramSettings settings = EngramSettings.DEFAULTS;
    ObjectMapper json = new ObjectMapper();
    List<String> ids = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".pre.jsonl"))
          .map(n -> n.substring(0, n.length() - ".pre.jsonl".length()))
          .filter(id -> Files.isRegularFile(dir.resolve(id + ".cc.txt"))
              && Files.isRegularFile(dir.resolve(id + ".next.json")))
          .sorted().forEach(ids::add);
    }
    Map<String, String> parts = TsvColumn.byId(dir.resolve("split.tsv"), "part", 2);
    Map<String, String> sessions = new HashMap<>();
    for (String id : ids) {
      JsonNode next = json.readTree(dir.resolve(id + ".next.json").toFile());
      sessions.put(id, next.path("session_id").asText(id));
    }
    System.out.println("id\tcc\tsc\tkp\tcc_part\tcr\tdump\tuser\tother");
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      String claude = Files.readString(dir.resolve(id + ".cc.txt"), StandardCharsets.UTF_8);
      if (ClaudeCodeComparison.noSummary(claude).isPresent()) {
        System.out.println(id + "\tno summary");
        continue;
      }
      Transcript t = TranscriptReader.read(dir.resolve(id + ".pre.jsonl"));
      if (t.messages().isEmpty()) {
        System.out.println(id + "\tempty");
        continue;
      }
      try {
        ScoreReading reading = ScoreReading.of(settings, t);
        CompactionScore cc = reading.score(claude);
        double dump = reading.score(AdversarialSummaries.keywordDump(t, settings.compaction())).total();
        double user = reading.score(AdversarialSummaries.userMessagesAlone(t, settings.compaction())).total();
        String other = "-";
        for (int k = 1; k < ids.size(); k++) {
          String o = ids.get((i + k) % ids.size());
          String summary = Files.readString(dir.resolve(o + ".cc.txt"), StandardCharsets.UTF_8);
          if (parts.getOrDefault(o, "").equals(parts.getOrDefault(id, ""))
              && !sessions.get(o).equals(sessions.get(id)) && ClaudeCodeComparison.noSummary(summary).isEmpty()) {
            other = String.format(Locale.ROOT, "%.2f", reading.score(summary).total());
            break;
          }
        }
        System.out.printf(Locale.ROOT, "%s\t%.2f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%s%n", id, cc.total(),
            cc.sections(), cc.keyInformation(), cc.continuity(), cc.compression(), dump, user, other);
      } catch (RuntimeException e) {
        System.out.println(id + "\tFAILED " + e);
      }
      System.out.flush();
    }
  }
}
