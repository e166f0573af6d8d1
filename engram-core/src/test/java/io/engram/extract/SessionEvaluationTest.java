package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.TestResources;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The offline rules on the hand-labelled real sessions. */
class SessionEvaluationTest {

  @Test
  void printsEverySessionBesideTheBaseline() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SessionEvaluation.printTable(TestResources.path("extract/real-labels"), TestResources.path("transcripts/claude-code"),
        true, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String table = bytes.toString(StandardCharsets.UTF_8);
    System.out.print(table);
    assertThat(table).contains("ae4a77f8", "baseline", "all (9 sessions)");
  }
}
