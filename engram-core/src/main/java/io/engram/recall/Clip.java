package io.engram.recall;

import java.nio.charset.StandardCharsets;

/**
 * Cuts a body to a byte budget at a line boundary and says so in a closing line. Only when the first
 * line alone is over budget is it cut inside the line, at a character boundary.
 */
final class Clip {
  /** Room kept for the closing line that says the text was truncated. */
  static final int NOTE_RESERVE = 64;

  private Clip() {}

  /** The result of clipping: the text to send and whether it was cut. */
  record Clipped(String text, int bytes, boolean truncated) {}

  static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /** {@code body} if it fits in {@code budget} bytes, else its longest line prefix that fits with the note. */
  static Clipped to(String body, int budget) {
    int total = bytes(body);
    if (total <= budget) {
      return new Clipped(body, total, false);
    }
    int room = budget - NOTE_RESERVE;
    if (room <= 0) {
      return new Clipped("", 0, true);
    }
    StringBuilder kept = new StringBuilder();
    int used = 0;
    for (String line : body.split("\n", -1)) {
      int size = bytes(line) + 1;
      if (used + size > room) {
        break;
      }
      kept.append(line).append('\n');
      used += size;
    }
    if (kept.length() == 0) {
      kept.append(prefixWithin(body, room - 1)).append('\n');
    }
    String text = kept + "[truncated: " + bytes(kept.toString()) + " of " + total + " bytes shown]";
    return new Clipped(text, bytes(text), true);
  }

  private static String prefixWithin(String s, int maxBytes) {
    int used = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (used + size > maxBytes) {
        break;
      }
      used += size;
      i += Character.charCount(cp);
    }
    return s.substring(0, i);
  }
}
