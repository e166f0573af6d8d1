package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads shell command lines the way a person skims them: the simple commands of a line ({@code a && b;
 * c | tail} gives {@code a}, {@code b}, {@code c}), without quoted text, heredoc bodies, redirections, output
 * filters or leading variable assignments, and a short general form of each for showing and counting.
 */
final class Commands {
  private static final Pattern HEREDOC = Pattern.compile("(?s)<<-?\\s*['\"]?(\\w+)['\"]?.*");
  private static final Pattern UNTERMINATED = Pattern.compile("(?<!…)[\"'](?!…\")[^\"']*$");
  private static final Pattern REDIRECT = Pattern.compile("\\s\\d?>>?\\s*&?\\S+|\\s<\\s*\\S+");
  private static final Pattern ASSIGNMENT = Pattern.compile("^(?:[A-Z_][A-Z0-9_]*+=\\S*+\\s++)++");
  private static final Pattern SEPARATOR = Pattern.compile("&&|\\|\\||;|\\n");
  private static final Pattern ID =
      Pattern.compile("^(?:#?\\d+|[A-Za-z][\\w]*+-[\\w]++(?:\\.\\d+)*+|[0-9a-f]{7,40})$");
  private static final Pattern PATH = Pattern.compile(".*[/\\\\].*|.*\\.[A-Za-z]{1,5}$");
  private static final Pattern NUMBER = Pattern.compile("^\\d+$");
  private static final Pattern FAILURE_OUTPUT = Pattern.compile(
      "(?i)\\b[1-9]\\d*\\s+(?:failures?|failed|errors?)\\b|\\berrors?:\\s*[1-9]|\\bBUILD FAILURE\\b|\\bFAILED\\b"
          + "|\\bfound [1-9]\\d* (?:\\w+ )?(?:issues?|problems?|opportunit\\w+|warnings?)\\b");

  private Commands() {}

  /** The simple commands of {@code line}, in order, each trimmed and with quoted text replaced by {@code "…"}. */
  static List<String> split(String line) {
    String s = HEREDOC.matcher(line).replaceFirst("");
    s = withoutQuotedText(s);
    s = UNTERMINATED.matcher(s).replaceAll("\"…\"");
    List<String> out = new ArrayList<>();
    for (String part : SEPARATOR.split(s)) {
      String first = part.split("\\|", 2)[0];
      String simple = ASSIGNMENT.matcher(REDIRECT.matcher(" " + first + " ").replaceAll(" ").strip()).replaceFirst("");
      simple = simple.replaceAll("\\s+", " ").replaceAll("^\\(|\\)$", "").strip();
      if (!simple.isEmpty() && !simple.startsWith("cd ") && !simple.equals("cd")) {
        out.add(simple);
      }
    }
    return out;
  }

  /**
   * {@code line} with each quoted string ({@code "..."} with backslash escapes, {@code '...'}) replaced by
   * {@code "…"}. A scan rather than a pattern: a pattern retried at every quote of an unclosed string is
   * quadratic. Once a double quote finds no closing one, no later quote can (each later quote was either
   * escaped or would have closed it), so closings are not looked for again.
   */
  static String withoutQuotedText(String line) {
    StringBuilder out = new StringBuilder(line.length());
    boolean doubleQuotesClose = true;
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      int end = -1;
      if (c == '"' && doubleQuotesClose) {
        end = closingDoubleQuote(line, i + 1);
        doubleQuotesClose = end >= 0;
      } else if (c == '\'') {
        end = line.indexOf('\'', i + 1);
      }
      if (end >= 0) {
        out.append("\"…\"");
        i = end + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static int closingDoubleQuote(String line, int from) {
    for (int i = from; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i;
      }
    }
    return -1;
  }

  /** The words of a simple command. */
  static List<String> words(String simple) {
    return List.of(simple.strip().split("\\s+"));
  }

  /**
   * A general form of a simple command: the program and its subcommands, identifiers and file arguments as
   * {@code <id>} and {@code <path>}, quoted text as {@code "…"}, and a flag's numeric value dropped.
   */
  static String general(String simple) {
    List<String> out = new ArrayList<>();
    List<String> w = words(simple);
    for (int i = 0; i < w.size(); i++) {
      String t = w.get(i);
      if (i > 0 && NUMBER.matcher(t).matches() && w.get(i - 1).startsWith("-")) {
        out.remove(out.size() - 1);
        continue;
      }
      if (t.startsWith("-")) {
        out.add(flag(t));
      } else if (i > 0 && ID.matcher(t).matches() && !t.matches("[a-z]++(?:-[a-z]++)*+")) {
        out.add("<id>");
      } else if (i > 0 && PATH.matcher(t).matches() && !t.startsWith("\"")) {
        out.add("<path>");
      } else {
        out.add(t);
      }
    }
    return String.join(" ", out).replaceAll("(?:\\s*+<path>)++", " <path>").strip();
  }

  private static String flag(String t) {
    int eq = t.indexOf('=');
    if (eq < 0) {
      return t;
    }
    String value = t.substring(eq + 1);
    return value.startsWith("\"") ? t.substring(0, eq) + "=\"…\""
        : NUMBER.matcher(value).matches() ? t.substring(0, eq)
        : ID.matcher(value).matches() && !value.matches("[a-z]++(?:[-_][a-z]++)*+") ? t.substring(0, eq) + "=<id>" : t;
  }

  /** True when a check's output reports failures although the line's exit status said success (a pipe). */
  static boolean outputReportsFailure(String output) {
    return FAILURE_OUTPUT.matcher(output).find();
  }

  /** {@code simple} in lower case, for matching against vocabularies. */
  static String lower(String simple) {
    return simple.toLowerCase(Locale.ROOT);
  }
}
