package io.engram.memory;

/**
 * A memory whose text holds a control character other than tab and line feed (a NUL, an escape sequence, a lone
 * carriage return): refused whole, with a message naming the field, the character and where it stands. A memory is
 * text a person reads and an agent is given; such a character is either binary data pasted by mistake or a way to
 * hide what a terminal or a prompt shows.
 */
public final class MemoryTextException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private MemoryTextException(String name, String field, int codePoint, int line, int column) {
    super("memory '" + shown(name) + "': its " + field + " holds the control character U+"
        + String.format("%04X", codePoint) + " at line " + line + ", column " + column
        + "; only tab and line breaks are kept in a memory's text: nothing was written");
  }

  /**
   * Throws when a text field of {@code memory} holds a control character other than tab and line feed (its name has
   * none of any kind: {@link MemoryNames} refuses such a name).
   */
  static void check(Memory memory) {
    check(memory.name(), "description", memory.description());
    check(memory.name(), "body", memory.body());
    for (String path : memory.paths()) {
      check(memory.name(), "paths", path);
    }
  }

  /** {@code text} with Windows line ends ({@code \r\n}) as line feeds: the one carriage return a text may hold. */
  static String withLineFeeds(String text) {
    return text.indexOf('\r') < 0 ? text : text.replace("\r\n", "\n");
  }

  private static void check(String name, String field, String text) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      if (cp == '\n') {
        line++;
        column = 0;
      } else if (cp != '\t' && Character.isISOControl(cp)) {
        throw new MemoryTextException(name, field, cp, line, column);
      }
      column++;
      i += Character.charCount(cp);
    }
  }

  private static String shown(String name) {
    StringBuilder b = new StringBuilder();
    name.codePoints().forEach(c -> b.append(Character.isISOControl(c) ? "?" : Character.toString(c)));
    return b.toString();
  }
}
