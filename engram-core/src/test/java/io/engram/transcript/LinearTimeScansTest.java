package io.engram.transcript;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/**
 * The shell lines of Bash tool calls and what a task tracker printed are read in linear time and without
 * running out of stack: a megabyte of one quoted argument, of ids, of bracketed labels.
 */
class LinearTimeScansTest {
  private static final int SIZE = AdversarialText.SIZE;

  @Test
  void aMegabyteShellLineIsReadAsTrackerCommands() {
    AdversarialText.eachScansInTime(line -> ShellCommand.parse(line).forEach(TrackerCommands::parse),
        "a long quoted argument", "bd create \"" + "x".repeat(SIZE) + "\"",
        "a long dotted id", "bd close ab-1" + ".2".repeat(SIZE / 2),
        "many ids", "bd close " + "ab-12 ".repeat(SIZE / 6));
  }

  @Test
  void aMegabyteOfTrackerOutputIsReadInLinearTime() {
    AdversarialText.eachScansInTime(output -> TrackerCommands.facts(output, true),
        "one listed line with many labels", "ab-1 " + "[p1] ".repeat(SIZE / 5) + "- title",
        "a long dotted id", "Created issue ab-1" + ".2".repeat(SIZE / 2),
        "many listed lines", "ab-1 [p1] - a title\n".repeat(SIZE / 20));
  }
}
