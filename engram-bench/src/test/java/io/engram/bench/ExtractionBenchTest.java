package io.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtractionBenchTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return ExtractionBench.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void sessionLabelsAreScoredPerSessionAgainstTheirTranscripts(@TempDir Path dir) throws Exception {
    Path labels = Files.createDirectories(dir.resolve("labels"));
    Path transcripts = Files.createDirectories(dir.resolve("transcripts"));
    Files.writeString(transcripts.resolve("s.jsonl"), String.join("\n",
        line("u1", "user", "[{\"type\":\"text\",\"text\":\"Work on bead app-1.\"}]"),
        line("a1", "assistant", "[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\","
            + "\"input\":{\"command\":\"bd update app-1 --status in_progress && bd close app-1\"}}]"),
        line("r1", "user", "[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"content\":\"ok\"}]")) + "\n");
    Files.writeString(labels.resolve("s.json"), """
        {"transcript": "s.jsonl", "memories": [
          {"id": "tracker", "type": "project", "required": true, "match": [["bd"], ["bead*"]]}]}""");

    assertThat(run("--data", labels.toString(), "--transcripts", transcripts.toString(), "--misses")).isZero();

    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).contains("s.jsonl", "all (1 sessions)");
    assertThat(table.lines().filter(l -> l.startsWith("all") && l.contains("rules")).findFirst().orElseThrow())
        .contains("1.000   1.000");
  }

  @Test
  void usageErrorsExitWithTwoAndSayWhat(@TempDir Path dir) throws Exception {
    assertThat(run()).isEqualTo(2);
    assertThat(run("--data", dir.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--data is required", "need --transcripts");
  }

  private static String line(String uuid, String type, String content) {
    return "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"s\",\"timestamp\":"
        + "\"2026-02-11T10:00:00Z\",\"message\":{\"role\":\"" + type + "\",\"content\":" + content + "}}";
  }
}
