package io.engram.redact;

import java.util.ArrayList;
import java.util.List;

/**
 * Secrets in a column of a table whose header names a secret: a Markdown table ({@code | user | password |}) or
 * comma- or tab-separated values ({@code username,password,host}). The header's cell must be the name of a secret
 * ({@code password}, {@code api key}, {@code 密码}), not a word about one ({@code password_set}); each row below with
 * as many cells gives the cell in that column, when it {@link ProseValues#couldBeSecret could be the secret}.
 */
final class SecretColumns implements Detector {
  /** How many rows under a header are read. */
  private static final int MAX_ROWS = 1000;
  /** The longest line read as a header. */
  private static final int MAX_HEADER = 300;
  /** The longest cell read as a header's. */
  private static final int MAX_HEADER_CELL = 40;

  @Override
  public List<String> keywords() {
    return ProseLanguages.KEYWORDS;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String s = scanned.text();
    if (s.indexOf('\n') < 0) {
      return; // one line holds no label with its value below, nor a header with its rows
    }
    int tableEnd = 0;
    for (int[] line : ProseLanguages.linesWithKeywords(scanned, MAX_HEADER)) {
      int lineStart = line[0];
      int lineEnd = line[1];
      if (lineEnd >= s.length() || lineStart < tableEnd) {
        continue; // a row of a table already read is no header of its own
      }
      for (char separator : new char[] {'|', ',', '\t'}) {
        int first = s.indexOf(separator, lineStart);
        if (first < 0 || first >= lineEnd) {
          continue;
        }
        List<int[]> header = cells(s, lineStart, lineEnd, separator);
        if (header.isEmpty() && separator == '|' && first > lineStart) {
          header = proseThenHeader(s, first, lineEnd);
        }
        for (int column = 0; header.size() >= 2 && column < header.size(); column++) {
          int[] cell = header.get(column);
          if (namesSecret(s.substring(cell[0], cell[1]))) {
            tableEnd = Math.max(tableEnd, rows(s, lineEnd + 1, separator, header.size(), column, priority, out));
          }
        }
      }
    }
  }

  /**
   * A Markdown table's header after words on its line ({@code Keep these: | user | password |}): read from its first
   * bar when the next line is the table's delimiter row of as many cells, which no line of prose is.
   */
  private static List<int[]> proseThenHeader(String s, int firstBar, int lineEnd) {
    List<int[]> header = cells(s, firstBar, lineEnd, '|');
    int next = lineEnd + 1;
    int nextEnd = s.indexOf('\n', next);
    List<int[]> delimiter = cells(s, next, nextEnd < 0 ? s.length() : nextEnd, '|');
    boolean delimits = delimiter.size() == header.size() && delimiter.stream()
        .allMatch(c -> c[1] > c[0] && s.substring(c[0], c[1]).chars().allMatch(ch -> ch == '-' || ch == ':'));
    return delimits ? header : List.of();
  }

  private static boolean namesSecret(String cell) {
    String c = cell.strip();
    return !c.isEmpty() && c.length() <= MAX_HEADER_CELL
        && c.chars().allMatch(ch -> Character.isLetter(ch) || ch == ' ' || ch == '_' || ch == '-')
        && (ProseValues.namesSecret(c.replace(' ', '_')) || ProseLanguages.holdsNoun(c, 0, c.length()));
  }

  /** Reads the rows from {@code from} on; returns where the table ends. */
  private static int rows(String s, int from, char separator, int width, int column, int priority, List<Finding> out) {
    int line = from;
    for (int rows = 0; rows < MAX_ROWS && line < s.length(); rows++) {
      int end = s.indexOf('\n', line);
      end = end < 0 ? s.length() : end;
      List<int[]> cells = cells(s, line, end, separator);
      if (cells.size() != width) {
        return line;
      }
      int[] cell = cells.get(column);
      String v = s.substring(cell[0], cell[1]);
      if (!v.chars().allMatch(c -> c == '-' || c == ':' || c == ' ') && ProseValues.couldBeSecret(v)
          && !v.contains(" ") && !v.contains("[REDACTED")) {
        out.add(new Finding(cell[0], cell[1], SecretKind.PASSWORD_ASSIGNMENT, priority));
      }
      line = end + 1;
    }
    return line;
  }

  /** The cells of a line split at {@code separator}, each trimmed; a Markdown row's outer bars are no cells. */
  private static List<int[]> cells(String s, int from, int to, char separator) {
    List<int[]> cells = new ArrayList<>();
    int start = from;
    int end = to;
    if (separator == '|') {
      while (start < end && s.charAt(start) == ' ') {
        start++;
      }
      while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\r')) {
        end--;
      }
      if (end - start < 2 || s.charAt(start) != '|' || s.charAt(end - 1) != '|') {
        return cells;
      }
      start++;
      end--;
    }
    int cell = start;
    for (int i = start; i <= end; i++) {
      if (i == end || s.charAt(i) == separator) {
        int a = cell;
        int b = i;
        while (a < b && Character.isWhitespace(s.charAt(a))) {
          a++;
        }
        while (b > a && Character.isWhitespace(s.charAt(b - 1))) {
          b--;
        }
        cells.add(new int[] {a, b});
        cell = i + 1;
      }
    }
    return cells;
  }
}
