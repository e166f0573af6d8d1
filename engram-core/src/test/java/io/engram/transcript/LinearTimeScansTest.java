package io.engram.transcript;

import static io.engram.testing.AdversarialText.shape;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/**
 * The shell lines of Bash tool calls and what a task tracker printed are read in linear time and without
 * running out of stack: a long quoted argument, runs of ids, of bracketed labels.
 */
class LinearTimeScansTest {
  @Test
  void aLongShellLineIsReadAsTrackerCommandsInLinearTime() {
    AdversarialText.eachScansInTime(line -> ShellCommand.parse(line).forEach(TrackerCommands::parse),
        shape("a long quoted argument", n -> "bd create \"" + "x".repeat(n) + "\""),
        shape("a long dotted id", n -> "bd close ab-1" + ".2".repeat(n / 2)),
        shape("many ids", n -> "bd close " + "ab-12 ".repeat(n / 6)));
  }

  @Test
  void longTrackerOutputIsReadInLinearTime() {
    AdversarialText.eachScansInTime(output -> TrackerCommands.facts(output, true),
        shape("one listed line with many labels", n -> "ab-1 " + "[p1] ".repeat(n / 5) + "- title"),
        shape("a long dotted id", n -> "Created issue ab-1" + ".2".repeat(n / 2)),
        shape("many listed lines", n -> "ab-1 [p1] - a title\n".repeat(n / 20)));
  }
}
