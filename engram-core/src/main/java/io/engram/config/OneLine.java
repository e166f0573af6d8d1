package io.engram.config;

/**
 * Text read from a user's file, made fit to quote in a one-line message (an error, a log line, a listing): line
 * breaks and tabs as {@code \n}, {@code \r}, {@code \t}, and every other control, format (invisible) or separator
 * character as {@code \}{@code uXXXX}, so that nothing quoted breaks the line or hides a character from the reader.
 */
public final class OneLine {
  private OneLine() {}

  /** {@code text} with its control and invisible characters escaped; everything else as it is. */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT
              || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04X", c));
          } else {
            out.appendCodePoint(c);
          }
        }
      }
    });
    return out.toString();
  }
}
