package io.engram.dream;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The text a running dream writes into {@code .consolidate-lock}: the holder's PID on the first line
 * (where Claude Code's lock keeps it too), then {@code key=value} lines with the run's start, the
 * holder process's own start time (to detect a reused PID) and the lock's mtime before the run.
 * An idle lock is empty.
 */
record LockBody(long pid, Instant startedAt, Optional<Instant> processStart, Optional<Instant> previousMtime) {

  String render() {
    return pid
        + "\nstarted="
        + startedAt
        + "\nprocess-start="
        + processStart.map(Instant::toString).orElse("none")
        + "\nprevious-mtime="
        + previousMtime.map(Instant::toString).orElse("none")
        + "\n";
  }

  /**
   * Parses a lock body; empty for an idle lock or a body this code did not write. A body without its run's
   * start (a bare PID) is dated {@code writtenAt}, when its file was last written.
   */
  static Optional<LockBody> parse(String text, Instant writtenAt) {
    String[] lines = text.strip().split("\\R");
    if (lines.length == 0 || !lines[0].strip().matches("\\d{1,19}")) {
      return Optional.empty();
    }
    try {
      long pid = Long.parseLong(lines[0].strip());
      Optional<Instant> started = Optional.empty();
      Optional<Instant> processStart = Optional.empty();
      Optional<Instant> previous = Optional.empty();
      for (int i = 1; i < lines.length; i++) {
        String line = lines[i].strip();
        int eq = line.indexOf('=');
        if (eq < 0) {
          continue;
        }
        String key = line.substring(0, eq);
        Optional<Instant> value = instant(line.substring(eq + 1));
        switch (key) {
          case "started" -> started = value;
          case "process-start" -> processStart = value;
          case "previous-mtime" -> previous = value;
          default -> { }
        }
      }
      return Optional.of(new LockBody(pid, started.orElse(writtenAt), processStart, previous));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<Instant> instant(String text) {
    if (text.equals("none")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(text));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
