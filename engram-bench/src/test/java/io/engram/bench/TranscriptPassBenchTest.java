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

class TranscriptPassBenchTest {
  @TempDir Path dir;

  @Test
  void printsOneRowPerSizeWithTheFirstStopAndTheStopAfterOneMoreTurn() throws Exception {
    Path source = Files.writeString(dir.resolve("s.jsonl"),
        "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s1\",\"message\":{\"role\":\"user\",\"content\":"
            + "\"We use pnpm, not npm.\"}}\n"
            + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"sessionId\":\"s1\",\"message\":{\"role\":\"assistant\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"OK.\"}]}}\n");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TranscriptPassBench.run(source, List.of(1L << 20), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1)).contains("first Stop ms", "+1 turn Stop ms", "heap MB");
    assertThat(lines.get(2).strip()).startsWith("1.0 ").contains("lines)");
  }
}
