package io.engram.memory;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Maps frontmatter keys to {@link Memory} fields and back; the known keys and their order live here. */
final class FrontmatterFields {
  static final Set<String> KNOWN =
      Set.of("name", "description", "type", "created", "updated", "source", "agent", "session", "turn", "supersedes",
          "supersededBy", "validUntil", "lastRecalled", "recallCount", "paths");

  // A date without a time, as LocalDate.parse reads it; a longer value holds a time too.
  private static final String ISO_DATE = "yyyy-MM-dd";
  private static final Pattern PLAIN = Pattern.compile("[\\p{L}\\p{N}_(/.][^\\n\\r\\t]*");
  private static final Pattern NUMBERISH = Pattern.compile("[-+]?(0[xob][0-9a-f_]+|\\.?[0-9][0-9_.eE+:-]*|\\.[0-9_]*(e[-+]?[0-9]+)?|\\.inf|\\.nan)",
      Pattern.CASE_INSENSITIVE);
  private static final Set<String> YAML_WORDS =
      Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");

  private FrontmatterFields() {}

  static Memory toMemory(Map<String, Object> fm, String body, Path where) throws InvalidMemoryException {
    String name = text(fm, "name", where)
        .orElseThrow(() -> new InvalidMemoryException(where, "frontmatter has no 'name'"));
    String typeText = text(fm, "type", where)
        .orElseThrow(() -> new InvalidMemoryException(where, "frontmatter has no 'type' (" + MemoryType.choices() + ")"));
    MemoryType type = MemoryType.parse(typeText)
        .orElseThrow(() -> new InvalidMemoryException(where,
            "wrong type '" + typeText + "': expected " + MemoryType.choices()));
    Memory.Builder b = Memory.builder(name, type).body(body).description(text(fm, "description", where).orElse(""));
    b.created(instant(fm, "created", where)).updated(instant(fm, "updated", where));
    Optional<String> source = text(fm, "source", where);
    if (source.isPresent()) {
      b.source(MemorySource.parse(source.get()).orElseThrow(() -> new InvalidMemoryException(where,
          "wrong source '" + source.get() + "': expected user | model | tool | import")));
    }
    b.agent(text(fm, "agent", where).orElse(null));
    b.session(text(fm, "session", where).orElse(null)).turn(text(fm, "turn", where).orElse(null));
    b.supersedes(list(fm, "supersedes", where)).supersededBy(text(fm, "supersededBy", where).orElse(null));
    b.validUntil(instant(fm, "validUntil", where)).lastRecalled(instant(fm, "lastRecalled", where));
    b.recallCount(count(fm, where)).paths(list(fm, "paths", where));
    Map<String, Object> unknown = new LinkedHashMap<>(fm);
    unknown.keySet().removeAll(KNOWN);
    return b.unknownKeys(unknown).build();
  }

  static void appendKnown(Memory m, StringBuilder out) {
    line(out, "name", m.name());
    line(out, "description", m.description());
    line(out, "type", m.type().id());
    m.created().ifPresent(v -> line(out, "created", v.toString()));
    m.updated().ifPresent(v -> line(out, "updated", v.toString()));
    m.source().ifPresent(v -> line(out, "source", v.id()));
    m.agent().ifPresent(v -> line(out, "agent", v));
    m.session().ifPresent(v -> line(out, "session", v));
    m.turn().ifPresent(v -> line(out, "turn", v));
    list(out, "supersedes", m.supersedes());
    m.supersededBy().ifPresent(v -> line(out, "supersededBy", v));
    m.validUntil().ifPresent(v -> line(out, "validUntil", v.toString()));
    m.lastRecalled().ifPresent(v -> line(out, "lastRecalled", v.toString()));
    if (m.recallCount() > 0) {
      out.append("recallCount: ").append(m.recallCount()).append('\n');
    }
    list(out, "paths", m.paths());
  }

  /** A YAML scalar for {@code s}: plain when that reads back as the same string, else double-quoted. */
  static String scalar(String s) {
    return isPlain(s) ? s : quote(s);
  }

  /** True when YAML reads {@code s}, written unquoted, back as the string {@code s}. */
  static boolean isPlain(String s) {
    return !s.isEmpty()
        && PLAIN.matcher(s).matches()
        && s.equals(s.strip())
        && !s.contains(": ") && !s.contains(" #") && !s.endsWith(":")
        && !YAML_WORDS.contains(s.toLowerCase(Locale.ROOT))
        && !NUMBERISH.matcher(s).matches()
        && s.codePoints().allMatch(c -> c >= 0x20 && c != 0x7F && c != 0x85 && c != 0xFEFF
            && c != 0x2028 && c != 0x2029 && !(c >= 0x80 && c < 0xA0));
  }

  private static String quote(String s) {
    StringBuilder q = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> q.append("\\\"");
        case '\\' -> q.append("\\\\");
        case '\n' -> q.append("\\n");
        case '\r' -> q.append("\\r");
        case '\t' -> q.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0x2028 || c == 0x2029 || c == 0xFEFF
              || Character.isSurrogate(c) && !validPair(s, i)) {
            q.append(String.format("\\u%04x", (int) c));
          } else {
            q.append(c);
          }
        }
      }
    }
    return q.append('"').toString();
  }

  private static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  private static void line(StringBuilder out, String key, String value) {
    out.append(key).append(": ").append(scalar(value)).append('\n');
  }

  private static void list(StringBuilder out, String key, List<String> values) {
    if (values.isEmpty()) {
      return;
    }
    out.append(key).append(":\n");
    values.forEach(v -> out.append("  - ").append(scalar(v)).append('\n'));
  }

  private static Optional<String> text(Map<String, Object> fm, String key, Path where)
      throws InvalidMemoryException {
    Object v = fm.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof Map || v instanceof Collection) {
      throw new InvalidMemoryException(where, "'" + key + "' must be a single value, not a list or map");
    }
    return Optional.of(String.valueOf(v));
  }

  private static List<String> list(Map<String, Object> fm, String key, Path where) throws InvalidMemoryException {
    Object v = fm.get(key);
    if (v == null) {
      return List.of();
    }
    if (v instanceof Map) {
      throw new InvalidMemoryException(where, "'" + key + "' must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object item : v instanceof Collection<?> c ? c : List.of(v)) {
      if (item instanceof Map || item instanceof Collection || item == null) {
        throw new InvalidMemoryException(where, "'" + key + "' must be a list of strings");
      }
      out.add(String.valueOf(item));
    }
    return out;
  }

  private static Instant instant(Map<String, Object> fm, String key, Path where) throws InvalidMemoryException {
    Optional<String> v = text(fm, key, where);
    if (v.isEmpty()) {
      return null;
    }
    String s = v.get().strip();
    try {
      if (s.length() == ISO_DATE.length()) {
        return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
      }
      return OffsetDateTime.parse(s).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(s);
      } catch (DateTimeParseException e2) {
        throw new InvalidMemoryException(where, "'" + key + "' is not an ISO-8601 date or time: '" + s + "'");
      }
    }
  }

  private static int count(Map<String, Object> fm, Path where) throws InvalidMemoryException {
    Object v = fm.get("recallCount");
    if (v == null) {
      return 0;
    }
    if (v instanceof Integer i && i >= 0) {
      return i;
    }
    throw new InvalidMemoryException(where, "'recallCount' must be a whole number >= 0, not '" + v + "'");
  }
}
