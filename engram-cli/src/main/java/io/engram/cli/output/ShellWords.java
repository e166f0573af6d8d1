package io.engram.cli.output;

import java.util.regex.Pattern;

/**
 * Text as a POSIX shell reads it, for the commands Engram writes into scripts and settings and the ones a hint
 * tells a user to run: a memory called {@code Bad Name} is restored with {@code engram restore 'Bad Name'}.
 */
public final class ShellWords {
  /** What a shell reads as one word, as it stands: letters, digits and punctuation no shell gives a meaning. */
  private static final Pattern PLAIN = Pattern.compile("[\\p{L}\\p{N}_@%+=:,./-]+");

  private ShellWords() {}

  /** {@code text} in single quotes, each single quote in it written as {@code '\''}. */
  public static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /** {@code text} as one shell word: as it stands when a shell would read it so, else {@link #quoted}. */
  public static String word(String text) {
    return PLAIN.matcher(text).matches() ? text : quoted(text);
  }
}
