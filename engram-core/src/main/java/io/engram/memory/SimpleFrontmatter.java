package io.engram.memory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fast path for the frontmatter most files have: {@code key: value} lines whose values are plain or
 * simply double-quoted strings (the forms {@link FrontmatterFields#scalar} writes). Anything else (lists,
 * maps, comments, escapes, numbers) is left to the YAML parser, so both paths read the same values;
 * the fast path spares the YAML parser's start-up on every hook call.
 */
final class SimpleFrontmatter {
  private static final Pattern LINE = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*): (.+)");
  private static final Pattern COUNT = Pattern.compile("0|[1-9][0-9]{0,8}");

  private SimpleFrontmatter() {}

  /** The keys and values of {@code yaml}, or empty when it needs the full YAML parser. */
  static Optional<Map<String, Object>> parse(String yaml) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String raw : yaml.split("\n", -1)) {
      String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
      if (line.isEmpty()) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        return Optional.empty();
      }
      Object value = value(m.group(1), m.group(2));
      if (value == null || out.put(m.group(1), value) != null) {
        return Optional.empty();
      }
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(out);
  }

  private static Object value(String key, String v) {
    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
      String inner = v.substring(1, v.length() - 1);
      boolean simple = inner.indexOf('"') < 0 && inner.indexOf('\\') < 0
          && inner.chars().allMatch(c -> c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0)
              && c != 0x2028 && c != 0x2029 && c != 0xFEFF);
      return simple ? inner : null;
    }
    if (key.equals("recallCount") && COUNT.matcher(v).matches()) {
      return Integer.valueOf(v);
    }
    return FrontmatterFields.isPlain(v) ? v : null;
  }
}
