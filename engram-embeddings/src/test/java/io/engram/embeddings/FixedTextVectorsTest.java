package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixedTextVectorsTest {
  private static final List<String> PROMPTS = List.of("Fix the failing test.", "把这个失败的测试修好");

  @TempDir Path dir;
  private final AtomicInteger runs = new AtomicInteger();

  private Supplier<List<float[]>> model(float base) {
    return () -> {
      runs.incrementAndGet();
      return List.of(new float[] {base, 1, 2}, new float[] {base, 3, 4});
    };
  }

  @Test
  void aLaterProcessReadsTheVectorsInsteadOfRunningTheModel() {
    List<float[]> first = FixedTextVectors.of(dir, "m", true, PROMPTS, model(0.5f));
    List<float[]> second = FixedTextVectors.of(dir, "m", true, PROMPTS, model(9));

    assertThat(runs).hasValue(1);
    assertThat(second).hasSize(2);
    assertThat(second.get(0)).containsExactly(first.get(0));
    assertThat(second.get(1)).containsExactly(0.5f, 3, 4);
  }

  @Test
  void anotherModelKindOrListOfTextsNeverReadsTheseVectors() {
    FixedTextVectors.of(dir, "m", true, PROMPTS, model(0.5f));

    assertThat(FixedTextVectors.of(dir, "other", true, PROMPTS, model(1)).get(0)[0]).isEqualTo(1);
    assertThat(FixedTextVectors.of(dir, "m", false, PROMPTS, model(2)).get(0)[0]).isEqualTo(2);
    assertThat(FixedTextVectors.of(dir, "m", true, List.of("Fix the failing test.", "另一句"), model(3)).get(0)[0])
        .isEqualTo(3);
    assertThat(runs).hasValue(4);
  }

  @Test
  void aTornOrForeignFileIsEmbeddedAgainAndRewritten() throws IOException {
    FixedTextVectors.of(dir, "m", true, PROMPTS, model(0.5f));
    Path file;
    try (var files = Files.list(dir)) {
      file = files.filter(f -> f.toString().endsWith(".vectors")).findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 4));

    assertThat(FixedTextVectors.of(dir, "m", true, PROMPTS, model(7)).get(0)[0]).isEqualTo(7);
    assertThat(FixedTextVectors.of(dir, "m", true, PROMPTS, model(8)).get(0)[0]).isEqualTo(7);
    assertThat(runs).hasValue(2);
  }

  @Test
  void aDirectoryThatCannotBeWrittenStillGivesTheVectors() throws IOException {
    Path blocked = dir.resolve("a-file");
    Files.writeString(blocked, "not a directory");

    assertThat(FixedTextVectors.of(blocked, "m", true, PROMPTS, model(0.5f))).hasSize(2);
    assertThat(FixedTextVectors.of(blocked, "m", true, PROMPTS, model(0.5f))).hasSize(2);
    assertThat(runs).hasValue(2);
  }
}
