package io.engram.cli.output;

import org.jline.utils.WCWidth;

/**
 * How many terminal columns text takes, so that columns line up whatever the script: a CJK character takes two,
 * a combining mark none (JLine's {@code wcwidth}, Markus Kuhn's table of East Asian widths).
 */
public final class DisplayWidth {
  private DisplayWidth() {}

  /** The columns {@code text} takes; a control character counts as none. */
  public static int of(String text) {
    return text.codePoints().map(c -> Math.max(0, WCWidth.wcwidth(c))).sum();
  }

  /** {@code text} followed by the spaces that make it {@code columns} wide (as it is when it is wider). */
  public static String padded(String text, int columns) {
    return text + " ".repeat(Math.max(0, columns - of(text)));
  }
}
