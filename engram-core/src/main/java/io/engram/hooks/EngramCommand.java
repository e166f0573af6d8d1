package io.engram.hooks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a coding agent runs Engram, as a shell line (what a hook's {@code command} holds) and as its words (what an MCP
 * server entry's {@code command} and {@code args} hold): {@code engram}, a launcher's path, or {@code java -jar JAR}.
 *
 * @param shell the shell line, its words quoted as a POSIX shell reads them
 * @param words the words, unquoted
 */
public record EngramCommand(String shell, List<String> words) {
  public EngramCommand {
    Objects.requireNonNull(shell, "shell");
    words = List.copyOf(words);
    if (words.isEmpty()) {
      throw new IllegalArgumentException("a command needs at least one word");
    }
  }

  /**
   * The command {@code shell} spells: words split at blanks outside quotes, single quotes taken literally (the
   * {@code '\''} a quoted quote is written as included), double quotes with their backslash escapes.
   *
   * @throws IllegalArgumentException when a quote is not closed or there is no word
   */
  public static EngramCommand of(String shell) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    for (int i = 0; i < shell.length(); i++) {
      char c = shell.charAt(i);
      if (c == '\'') {
        int end = shell.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("the command " + shell + " has a single quote that is not closed");
        }
        word.append(shell, i + 1, end);
        inWord = true;
        i = end;
      } else if (c == '"') {
        int j = i + 1;
        for (; j < shell.length() && shell.charAt(j) != '"'; j++) {
          char d = shell.charAt(j);
          if (d == '\\' && j + 1 < shell.length()) {
            d = shell.charAt(++j);
          }
          word.append(d);
        }
        if (j >= shell.length()) {
          throw new IllegalArgumentException("the command " + shell + " has a double quote that is not closed");
        }
        inWord = true;
        i = j;
      } else if (c == '\\' && i + 1 < shell.length()) {
        word.append(shell.charAt(++i));
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    if (words.isEmpty()) {
      throw new IllegalArgumentException("the command is empty");
    }
    return new EngramCommand(shell, words);
  }
}
