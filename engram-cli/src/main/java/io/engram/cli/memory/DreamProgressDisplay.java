package io.engram.cli.memory;

import io.engram.cli.output.ProgressDisplay;
import io.engram.dream.DreamPhase;
import io.engram.dream.DreamProgress;
import java.util.Locale;

/** A dream's progress on stderr, shown as every long command's is ({@link ProgressDisplay}). */
final class DreamProgressDisplay implements DreamProgress {
  private final ProgressDisplay display;

  DreamProgressDisplay(ProgressDisplay display) {
    this.display = display;
  }

  @Override
  public void phase(DreamPhase next, int items) {
    display.phase(next.name().toLowerCase(Locale.ROOT), items);
  }

  @Override
  public void item(String label) {
    display.item(label);
  }

  /** Ends the bar's line on a terminal. */
  void finish() {
    display.finish();
  }
}
