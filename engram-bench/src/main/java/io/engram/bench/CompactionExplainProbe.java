package io.engram.bench;

import io.engram.compaction.AdversarialSummaries;
import io.engram.compaction.ScoreReading;
import io.engram.transcript.Transcript;
import io.engram.config.EngramSettings;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Why one summary of a real compaction scores as it does: each part of the score, the key information it lost,
 * continuity's three parts, the names of sections 7 to 9 the transcript does not hold, and the words continuity
 * weighs. A lab probe over a folder laid out by the data tools (tuning data only: reading a row is what a set-aside
 * part must never have).
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.engram.bench.CompactionExplainProbe DIR ID [SUMMARY]}: the
 * summary is Claude Code's ({@code DIR/ID.cc.txt}) unless a file is given, or {@code dump} (the keyword dump) or
 * {@code user} (the user messages alone).
 */
public final class CompactionExplainProbe {
  private CompactionExplainProbe() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: CompactionExplainProbe DIR ID [SUMMARY-FILE]");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    String id = args[1];
    Transcript transcript = TranscriptReader.read(dir.resolve(id + ".pre.jsonl"));
    String which = args.length > 2 ? args[2] : dir.resolve(id + ".cc.txt").toString();
    String summary = switch (which) {
      case "dump" -> AdversarialSummaries.keywordDump(transcript, EngramSettings.DEFAULTS.compaction());
      case "user" -> AdversarialSummaries.userMessagesAlone(transcript, EngramSettings.DEFAULTS.compaction());
      default -> Files.readString(Path.of(which), StandardCharsets.UTF_8);
    };
    ScoreReading reading = ScoreReading.of(EngramSettings.DEFAULTS, transcript);
    System.out.print(reading.explain(summary));
  }
}
