package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every fuzz test of a parser shares: how long {@code ./mvnw verify} fuzzes one parser (Jazzer reads
 * it from {@code @FuzzTest(maxDuration = ...)}, so it is a constant), the per-input time after which an
 * input counts as a hang, and the check that a refusal is the documented kind of error, one clear line.
 */
public final class FuzzChecks {
  /** How long the bounded fuzzing run of {@code verify} fuzzes each parser. */
  public static final String DURATION = "3s";

  /** Seconds one input may take (JUnit's timeout; Jazzer makes it libFuzzer's per-input limit). */
  public static final long HANG_SECONDS = 10;

  private FuzzChecks() {}

  /**
   * Fails unless {@code refusal} is of the {@code documented} type with a message of one non-blank line,
   * rethrowing anything else so the fuzzer records the input as a finding.
   */
  public static void assertDocumentedRefusal(Exception refusal, Class<? extends Exception> documented) throws Exception {
    if (!documented.isInstance(refusal)) {
      throw refusal;
    }
    String message = refusal.getMessage();
    assertThat(message).as("the error says what is wrong").isNotBlank();
    assertThat(message).as("the error is one line").doesNotContain("\n");
  }
}
