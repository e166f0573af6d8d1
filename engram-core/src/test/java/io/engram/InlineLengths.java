package io.engram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the lengths written as bare numbers in the calls that cut or bound a text or a list ({@code substring},
 * {@code limit}, {@code repeat}, {@code subList}, {@code head}, and Engram's own {@code clip}, {@code shorten},
 * {@code cut}, {@code firstLines}): a literal of 10 or more among such a call's arguments is a length nobody named. A
 * tunable one belongs in the settings, any other in a named constant that says why. Single digits (an index, a
 * "..."'s 3) and the arguments of {@code min} and {@code max}, which bound far more than lengths, are not read.
 *
 * <p>The same holds for a length a text or a list is compared with ({@link #compared}): a number of 10 or more on
 * the other side of {@code <}, {@code >}, {@code <=}, {@code >=}, {@code ==} or {@code !=} from a {@code length()},
 * a {@code size()}, an array's {@code length} or a count ({@code count()}, a variable named {@code count},
 * {@code letters}, {@code len}...).
 */
final class InlineLengths {
  private static final Pattern CALL =
      Pattern.compile("\\b(substring|limit|repeat|subList|head|clip|shorten|cut|firstLines)\\s*\\(");
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])(\\d[\\d_]*)(?![\\w.])");
  // What measures a text or a list: an array's or a text's length, a list's size, a count, or a variable named for
  // one (count, letters, len, words, lineCount...), not a call of a method so named.
  private static final String MEASURE = "(\\.length(?:\\(\\))?|\\.size\\(\\)|\\.count\\(\\)"
      + "|\\b(?:count|letters|len|length|words|[a-z]\\w*?(?:Count|Letters|Length|Words))\\b(?!\\s*\\())";
  private static final String COMPARISON = "(?:<=|>=|==|!=|(?<![<>-])<(?![<=])|(?<![<>-])>(?![>=]))";
  // A measure, a comparison and a number (groups 1 and 2); or a number, a comparison and a measure (3 and 4).
  private static final Pattern COMPARED = Pattern.compile(MEASURE + "\\s*" + COMPARISON + "\\s*(\\d[\\d_]*)(?![\\w.])"
      + "|(?<![\\w.])(\\d[\\d_]*)\\s*" + COMPARISON + "\\s*[\\w.()]*?" + MEASURE);
  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
  // The smallest number read as a length: below it are indexes, a "..."'s three characters and small counts.
  private static final int SMALLEST = 10;

  private InlineLengths() {}

  /**
   * A length written in a call.
   *
   * @param file the file, as the caller named it
   * @param line its line, from 1
   * @param call the call's name
   */
  record Literal(Path file, int line, String call) {
    @Override
    public String toString() {
      return file + ":" + line + " " + call;
    }
  }

  /** The lengths written as numbers in the cutting calls of {@code source}, the text of {@code file}. */
  static List<Literal> in(Path file, String source) {
    List<Literal> found = new ArrayList<>();
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String code = code(lines[i]);
      Matcher call = CALL.matcher(code);
      while (call.find()) {
        if (hasLength(arguments(code, call.end()))) {
          found.add(new Literal(file, i + 1, call.group(1)));
          break;
        }
      }
    }
    return found;
  }

  /**
   * The lengths written as numbers that a length or a count of {@code source}, the text of {@code file}, is compared
   * with; each found as the comparison's measure ({@code length()}, {@code size()}, {@code count}...).
   */
  static List<Literal> compared(Path file, String source) {
    List<Literal> found = new ArrayList<>();
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = COMPARED.matcher(code(lines[i]));
      while (m.find()) {
        boolean measureFirst = m.group(1) != null;
        String number = measureFirst ? m.group(2) : m.group(3);
        if (Long.parseLong(number.replace("_", "")) >= SMALLEST) {
          found.add(new Literal(file, i + 1, (measureFirst ? m.group(1) : m.group(4)).replaceFirst("^\\.", "")));
          break;
        }
      }
    }
    return found;
  }

  // A line's code: "" for a comment's line, its strings emptied and a trailing comment cut.
  private static String code(String line) {
    String t = line.strip();
    if (t.startsWith("//") || t.startsWith("*") || t.startsWith("/*")) {
      return "";
    }
    String code = STRING.matcher(line).replaceAll("\"\"");
    int comment = code.indexOf("//");
    return comment < 0 ? code : code.substring(0, comment);
  }

  // The call's own arguments on its line: up to its closing parenthesis, or the line's end.
  private static String arguments(String code, int from) {
    int depth = 0;
    for (int k = from; k < code.length(); k++) {
      char c = code.charAt(k);
      if (c == '(') {
        depth++;
      } else if (c == ')' && depth-- == 0) {
        return code.substring(from, k);
      }
    }
    return code.substring(from);
  }

  private static boolean hasLength(String arguments) {
    Matcher n = NUMBER.matcher(arguments);
    while (n.find()) {
      if (Long.parseLong(n.group(1).replace("_", "")) >= SMALLEST) {
        return true;
      }
    }
    return false;
  }
}
