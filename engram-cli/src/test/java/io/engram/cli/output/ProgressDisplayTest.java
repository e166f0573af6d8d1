package io.engram.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {
  private static String shown(boolean terminal, int items) {
    StringWriter err = new StringWriter();
    ProgressDisplay display = new ProgressDisplay(new PrintWriter(err), terminal, "index");
    display.phase("embed", items);
    for (int i = 0; i < items; i++) {
      display.item("memory-" + i + ".md");
    }
    display.finish();
    return err.toString();
  }

  @Test
  void offATerminalAPhaseIsALineAndAtMostThreeMoreAtItsQuarters() {
    assertThat(shown(false, 808).lines()).containsExactly("index: embed (808 items)", "index: embed 202/808",
        "index: embed 404/808", "index: embed 606/808");
    assertThat(shown(false, 3).lines()).containsExactly("index: embed (3 items)");
  }

  @Test
  void onATerminalOneBarIsRedrawnInPlaceAndClearedAtTheEnd() {
    String shown = shown(true, 4);

    assertThat(shown).doesNotContain("\n").contains("\r\033[2K[############------------] embed 2/4 memory-1.md")
        .endsWith("\r\033[2K");
  }

  @Test
  void aPhaseWithNothingToCountShowsItsNameAlone() {
    assertThat(shown(false, 0).lines()).containsExactly("index: embed");
    assertThat(shown(true, 0)).isEqualTo("\r\033[2Kembed\r\033[2K");
  }

  @Test
  void workInStepsOfManyItemsShowsTheQuarterItPassedOnce() {
    StringWriter err = new StringWriter();
    ProgressDisplay display = new ProgressDisplay(new PrintWriter(err), false, "reindex");
    display.phase("embed", 808);
    display.reached(100, "");
    display.reached(500, "");
    display.reached(808, "");

    assertThat(err.toString().lines()).containsExactly("reindex: embed (808 items)", "reindex: embed 500/808");
  }

  @Test
  void theBarFillsWithItsItems() {
    assertThat(ProgressDisplay.bar(0, 4)).isEqualTo("[------------------------]");
    assertThat(ProgressDisplay.bar(2, 4)).isEqualTo("[############------------]");
    assertThat(ProgressDisplay.bar(0, 0)).isEqualTo("[########################]");
  }
}
