package io.engram.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The words a shell hands the command in an example line of a help: from the command's name to the end, or to the
 * first pipe, redirection, list or substitution end outside quotes ({@code source <(engram generate-completion)},
 * {@code echo '{...}' | engram hook UserPromptSubmit}); single and double quotes as a POSIX shell reads them.
 */
final class ExampleWords {
  private ExampleWords() {}

  /** The words from {@code command} on; none when the line does not run {@code command}. */
  static List<String> of(String line, String command) {
    int start = start(line, command);
    if (start < 0) {
      return List.of();
    }
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = start; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quote != 0) {
        if (ch == quote) {
          quote = 0;
        } else if (quote == '"' && ch == '\\' && i + 1 < line.length()) {
          word.append(line.charAt(++i));
        } else {
          word.append(ch);
        }
      } else if (ch == '\'' || ch == '"') {
        quote = ch;
        inWord = true;
      } else if (Character.isWhitespace(ch)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else if ("|;&<>)".indexOf(ch) >= 0) {
        break;
      } else {
        word.append(ch);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  // The command's name as a word of its own: at the line's start or after a space or an opening bracket.
  private static int start(String line, String command) {
    for (int at = line.indexOf(command); at >= 0; at = line.indexOf(command, at + 1)) {
      boolean before = at == 0 || " (".indexOf(line.charAt(at - 1)) >= 0;
      int end = at + command.length();
      boolean after = end == line.length() || line.charAt(end) == ' ' || line.charAt(end) == ')';
      if (before && after) {
        return at;
      }
    }
    return -1;
  }
}
