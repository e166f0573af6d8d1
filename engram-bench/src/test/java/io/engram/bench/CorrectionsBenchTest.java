package io.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorrectionsBenchTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return CorrectionsBench.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private static Path set(Path dir) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      lines.add("{\"id\":\"p" + i + "\",\"lang\":\"en\",\"text\":\"Never use tool" + i + " here, use make" + i
          + " because it is faster.\",\"expected\":{\"avoid\":\"tool" + i + "\",\"instead\":\"make" + i
          + "\",\"reason\":\"faster\"}}");
      lines.add("{\"id\":\"n" + i + "\",\"lang\":\"en\",\"text\":\"Can you look at issue " + i
          + " and tell me what you find?\",\"expected\":null}");
    }
    Files.write(dir.resolve("corrections.jsonl"), lines);
    return dir;
  }

  @Test
  void crossValidatesTheLearntModelBesideTheBaselineAndTheRules(@TempDir Path dir) throws Exception {
    assertThat(run("--sets", set(dir).toString(), "--folds", "2")).isZero();

    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).contains("2 folds by hash, 24 items", "keyword baseline", "rules ", "learnt >= 0.4",
        "kept whole");
  }

  @Test
  void listsWhatTheDefaultBuildGetsWrongOnTurnsItsFoldModelNeverSaw(@TempDir Path dir) throws Exception {
    Path sets = set(dir);

    assertThat(run("--sets", sets.toString(), "--folds", "2", "--misses")).isZero();

    // the rules read no correction in "never use toolN here" (a "here" of the work at hand): each is a miss
    assertThat(out.toString(StandardCharsets.UTF_8))
        .containsPattern("missed fold [01] p \\d\\.\\d\\d p\\d+ \\[en\\] Never use tool\\d+ here")
        .doesNotContain("cross-validation");
    assertThat(run("--sets", sets.toString(), "--misses")).isEqualTo(2);
  }

  @Test
  void trainsWeightsThatTheMeasureReadsBack(@TempDir Path dir) throws Exception {
    Path weights = dir.resolve("out").resolve("weights.tsv");
    assertThat(run("--sets", set(dir).toString(), "--train", weights.toString())).isZero();

    assertThat(Files.readAllLines(weights).get(0)).startsWith("__bias\t");
    assertThat(Files.readString(weights)).contains("w:never\t");
  }

  @Test
  void measuresTheShippedBuildTheRulesAndTheBaselineOnASetPutAsideWhole(@TempDir Path dir) throws Exception {
    assertThat(run("--sets", set(dir).toString(), "--measure")).isZero();

    assertThat(out.toString(StandardCharsets.UTF_8)).contains("24 items, whole", "all final:", "all rules:",
        "all baseline:");
  }

  @Test
  void usageErrorsExitWithTwoAndSayWhat() throws Exception {
    assertThat(run()).isEqualTo(2);
    assertThat(run("--sets", "x", "--folds", "many")).isEqualTo(2);
    assertThat(run("--sets", "x", "--folds", "1")).isEqualTo(2);
    assertThat(run("--sets")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: CorrectionsBench", "whole number",
        "--sets needs a value");
  }
}
