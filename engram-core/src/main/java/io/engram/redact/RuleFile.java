package io.engram.redact;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the rule data file: the subset of TOML that gitleaks' configuration uses ({@code [allowlist]},
 * {@code [[rules]]}, {@code [[rules.allowlists]]}; one {@code key = value} a line; values are {@code '''...'''}
 * literal strings, {@code "..."} basic strings, numbers, booleans and one-line arrays of strings). A
 * dedicated reader because a TOML library costs a cold start (every hook call is a new JVM) more than a
 * second on a busy machine; tests check it reads the file as a TOML library does.
 */
final class RuleFile {
  /** The global allowlist table. */
  final Map<String, Object> allowlist = new LinkedHashMap<>();
  /** The rules, each with its {@code allowlists} as a list of tables. */
  final List<Map<String, Object>> rules = new ArrayList<>();

  private RuleFile() {}

  static RuleFile parse(String text) {
    RuleFile file = new RuleFile();
    Map<String, Object> table = null;
    int lineNumber = 0;
    for (String raw : text.split("\n", -1)) {
      lineNumber++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      switch (line) {
        case "[allowlist]" -> table = file.allowlist;
        case "[[rules]]" -> {
          table = new LinkedHashMap<>();
          table.put("allowlists", new ArrayList<Map<String, Object>>());
          file.rules.add(table);
        }
        case "[[rules.allowlists]]" -> {
          if (file.rules.isEmpty()) {
            throw error(lineNumber, "an allowlist before any rule");
          }
          table = new LinkedHashMap<>();
          allowlistsOf(file.rules.get(file.rules.size() - 1)).add(table);
        }
        default -> {
          int eq = line.indexOf(" = ");
          if (table == null || eq < 0) {
            throw error(lineNumber, "expected a table header or 'key = value'");
          }
          table.put(line.substring(0, eq).strip(), value(line.substring(eq + 3).strip(), lineNumber));
        }
      }
    }
    return file;
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> allowlistsOf(Map<String, Object> rule) {
    return (List<Map<String, Object>>) rule.getOrDefault("allowlists", List.of());
  }

  private static Object value(String v, int line) {
    if (v.startsWith("[")) {
      if (!v.endsWith("]")) {
        throw error(line, "an array must close on its line");
      }
      List<String> items = new ArrayList<>();
      int[] at = {1};
      while (true) {
        skipSpaceAndCommas(v, at);
        if (at[0] >= v.length() - 1) {
          return items;
        }
        items.add(string(v, at, line));
      }
    }
    if (v.startsWith("'") || v.startsWith("\"")) {
      int[] at = {0};
      String s = string(v, at, line);
      if (at[0] != v.length()) {
        throw error(line, "text after a string");
      }
      return s;
    }
    if (v.equals("true") || v.equals("false")) {
      return Boolean.valueOf(v);
    }
    try {
      return v.contains(".") ? (Object) Double.valueOf(v) : (Object) Integer.valueOf(v);
    } catch (NumberFormatException e) {
      throw error(line, "not a string, number, boolean or array: " + v);
    }
  }

  private static void skipSpaceAndCommas(String v, int[] at) {
    while (at[0] < v.length() && (v.charAt(at[0]) == ' ' || v.charAt(at[0]) == ',')) {
      at[0]++;
    }
  }

  /** The string starting at {@code at[0]}; {@code at[0]} ends just past it. */
  private static String string(String v, int[] at, int line) {
    if (v.startsWith("'''", at[0])) {
      int end = v.indexOf("'''", at[0] + 3);
      if (end < 0) {
        throw error(line, "unclosed '''");
      }
      String s = v.substring(at[0] + 3, end);
      at[0] = end + 3;
      return s;
    }
    if (v.charAt(at[0]) != '"') {
      throw error(line, "expected a string at column " + (at[0] + 1));
    }
    StringBuilder out = new StringBuilder();
    int i = at[0] + 1;
    while (i < v.length() && v.charAt(i) != '"') {
      char c = v.charAt(i++);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = v.charAt(i++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(v.substring(i, i + 4), 16));
          i += 4;
        }
        default -> out.append(e);
      }
    }
    if (i >= v.length()) {
      throw error(line, "unclosed string");
    }
    at[0] = i + 1;
    return out.toString();
  }

  private static IllegalStateException error(int line, String what) {
    return new IllegalStateException(GitleaksRules.RESOURCE + ": line " + line + ": " + what);
  }
}
