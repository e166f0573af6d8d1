package io.engram.cli.output;

import java.io.PrintWriter;
import java.io.Writer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A long command's progress on stderr, suited to where stderr goes. On a terminal, one bar redrawn in place
 * ({@code [#####-----] consolidate 3/8 file.md}). Elsewhere (a log, a pipe, CI) a few plain lines: one as a phase
 * starts, and for a phase of many items one as it passes each quarter of them, so that 30 items or 3,000 give
 * the same handful of lines, and a long phase still shows it is moving.
 */
public final class ProgressDisplay {
  // The progress line is redrawn in place, so it must fit one line of a terminal: its label within 50 characters.
  private static final int LABEL_CHARS = 50;
  // The bar's width in columns, room on an 80-column line for the phase's name and counts.
  private static final int BAR = 24;
  /** A phase with fewer items gets only its opening line off a terminal. */
  private static final int QUARTERS_FROM = 8;

  private final PrintWriter err;
  private final boolean terminal;
  private final String command;
  private String phase = "";
  private int total;
  private int done;
  private int quarter;
  private boolean drawn;

  /**
   * Progress of {@code command} (the prefix of each line) on {@code err}.
   *
   * @param terminal whether {@code err} is a terminal, where the bar is redrawn in place
   */
  public ProgressDisplay(PrintWriter err, boolean terminal, String command) {
    this.err = err;
    this.terminal = terminal;
    this.command = command;
  }

  /**
   * The progress of the command {@code spec} runs, as every long command shows it: on its stderr, a bar when that is
   * a terminal, a few lines otherwise, and nothing with {@code --json} ({@code quiet}), whose callers read stdout
   * alone.
   */
  public static ProgressDisplay of(CommandSpec spec, String command, boolean quiet) {
    return new ProgressDisplay(quiet ? new PrintWriter(Writer.nullWriter()) : spec.commandLine().getErr(),
        System.console() != null, command);
  }

  /**
   * A phase called {@code name} starts, with {@code items} items to go through (0 when it has none to count: then
   * it shows its name alone, without a bar or a count).
   */
  public void phase(String name, int items) {
    phase = name;
    total = items;
    done = 0;
    quarter = 0;
    if (terminal) {
      draw("");
    } else {
      err.println(command + ": " + name + (items == 0 ? "" : " (" + items + " item" + (items == 1 ? "" : "s") + ")"));
      err.flush();
    }
  }

  /** One item of the current phase is done; {@code label} names it. */
  public void item(String label) {
    reached(done + 1, label);
  }

  /** {@code count} items of the current phase are done, for work that goes in steps of many; {@code label} says where. */
  public void reached(int count, String label) {
    done = count;
    if (terminal) {
      draw(label);
    } else if (total >= QUARTERS_FROM && done < total && done * 4 / total > quarter) {
      quarter = done * 4 / total;
      err.println(command + ": " + phase + " " + done + "/" + total);
      err.flush();
    }
  }

  /** Clears the bar's line on a terminal, so the command's result starts on a clean line. */
  public void finish() {
    if (terminal && drawn) {
      err.print("\r\033[2K");
      err.flush();
    }
  }

  static String bar(int done, int total) {
    int filled = total <= 0 ? BAR : Math.min(BAR, done * BAR / total);
    return "[" + "#".repeat(filled) + "-".repeat(BAR - filled) + "]";
  }

  private void draw(String label) {
    String shown = label.length() > LABEL_CHARS ? label.substring(0, LABEL_CHARS - 3) + "..." : label;
    err.print("\r\033[2K" + (total == 0 ? phase + " " + shown
        : bar(done, total) + " " + phase + " " + done + "/" + total + " " + shown).strip());
    err.flush();
    drawn = true;
  }
}
