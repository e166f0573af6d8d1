package io.engram.cli.memory;

import io.engram.dream.DreamPhase;
import io.engram.dream.DreamProgress;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Shows a dream's progress on stderr: on a terminal one bar redrawn in place ({@code [#####-----]
 * consolidate 3/8 file.md}); elsewhere plain lines, one per phase and per item, so logs stay readable.
 */
final class DreamProgressDisplay implements DreamProgress {
  private static final int WIDTH = 24;

  private final PrintWriter err;
  private final boolean terminal;
  private DreamPhase phase;
  private int total;
  private int done;
  private boolean drawn;

  DreamProgressDisplay(PrintWriter err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  @Override
  public void phase(DreamPhase next, int items) {
    phase = next;
    total = items;
    done = 0;
    if (terminal) {
      draw("");
    } else {
      err.println("dream: " + name() + " (" + items + " item" + (items == 1 ? "" : "s") + ")");
      err.flush();
    }
  }

  @Override
  public void item(String label) {
    done++;
    if (terminal) {
      draw(label);
    } else {
      err.println("dream: " + name() + " " + done + "/" + total + " " + label);
      err.flush();
    }
  }

  /** Ends the bar's line on a terminal. */
  void finish() {
    if (terminal && drawn) {
      err.print("\r\033[2K");
      err.flush();
    }
  }

  static String bar(int done, int total) {
    int filled = total <= 0 ? WIDTH : Math.min(WIDTH, done * WIDTH / total);
    return "[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "]";
  }

  private void draw(String label) {
    String shown = label.length() > 50 ? label.substring(0, 47) + "..." : label;
    err.print("\r\033[2K" + bar(done, total) + " " + name() + " " + done + "/" + total + " " + shown);
    err.flush();
    drawn = true;
  }

  private String name() {
    return phase.name().toLowerCase(Locale.ROOT);
  }
}
