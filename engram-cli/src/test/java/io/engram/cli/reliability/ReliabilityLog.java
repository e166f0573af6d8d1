package io.engram.cli.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What one fault test tried and what held, written as a Markdown fragment to
 * {@code target/reliability/NAME.md}; {@code scripts/reliability-report.sh} joins the fragments into
 * {@code docs/RELIABILITY.md}.
 */
final class ReliabilityLog {
  private final String name;
  private final String title;
  private final List<String> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  ReliabilityLog(String name, String title) {
    this.name = name;
    this.title = title;
  }

  /** One check: how often it was tried and how often it held; {@code owner} names who fixes a failure. */
  void check(String what, int tried, int held, String owner) {
    rows.add("| " + what + " | " + tried + " | " + held + " | " + (held == tried ? "held" : "FAILED " + (tried - held)
        + (owner.isEmpty() ? "" : " (" + owner + ")")) + " |");
  }

  void note(String line) {
    notes.add(line);
  }

  void write() {
    StringBuilder md = new StringBuilder("### ").append(title).append("\n\n| check | tried | held | result |\n|---|---|---|---|\n");
    rows.forEach(r -> md.append(r).append('\n'));
    if (!notes.isEmpty()) {
      md.append('\n');
      notes.forEach(n -> md.append("- ").append(n).append('\n'));
    }
    try {
      Path dir = Path.of("target", "reliability");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + ".md"), md.append('\n').toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
