package io.engram.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a settings overlay against the shape of {@link EngramSettings} before anything binds it: every
 * key must name a setting, no value may be null, and every value must have the JSON type the setting
 * takes (a whole number is not a string, a boolean is not a number). The shape is read from the records
 * themselves, so a new setting is checked without being listed here.
 */
final class SettingsShape {
  // A wrong string in a settings file is named in the error by its first 40 characters: enough to find it.
  private static final int SHOWN_CHARS = 40;
  private SettingsShape() {}

  /** Throws a {@link SettingsException} naming {@code origin} and the key at the first mismatch. */
  static void check(JsonNode overlay, String origin) {
    checkRecord(EngramSettings.class, overlay, "", origin);
  }

  /** The components of a settings record by name, in declaration order. */
  static Map<String, RecordComponent> components(Class<?> record) {
    Map<String, RecordComponent> byName = new LinkedHashMap<>();
    for (RecordComponent c : record.getRecordComponents()) {
      byName.put(c.getName(), c);
    }
    return byName;
  }

  private static void checkRecord(Class<?> record, JsonNode node, String path, String origin) {
    Map<String, RecordComponent> known = components(record);
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
      RecordComponent component = known.get(field.getKey());
      if (component == null) {
        throw new SettingsException(origin + ": unknown key '" + OneLine.escape(key) + "'"
            + suggestion(field.getKey(), known.keySet())
            + " (known keys " + (path.isEmpty() ? "at the top level" : "in '" + path + "'") + ": "
            + String.join(", ", known.keySet()) + ")");
      }
      checkValue(component.getGenericType(), field.getValue(), key, origin);
    }
  }

  static void checkValue(Type type, JsonNode value, String key, String origin) {
    Class<?> raw = rawClass(type);
    if (value.isNull()) {
      throw new SettingsException(origin + ": '" + key + "' is null; it takes " + describe(type)
          + " (leave the key out to keep the default)");
    }
    if (!matches(raw, value)) {
      throw new SettingsException(origin + ": '" + key + "' must be " + describe(type) + ", not " + found(value)
          + outOfRange(raw, value));
    }
    if (raw.isRecord()) {
      checkRecord(raw, value, key, origin);
    } else if (raw == List.class) {
      Type element = typeArgument(type, 0);
      for (int i = 0; i < value.size(); i++) {
        checkValue(element, value.get(i), key + "[" + i + "]", origin);
      }
    } else if (raw == Map.class) {
      Type element = typeArgument(type, 1);
      Iterator<Map.Entry<String, JsonNode>> entries = value.fields();
      while (entries.hasNext()) {
        Map.Entry<String, JsonNode> entry = entries.next();
        checkValue(element, entry.getValue(), key + "." + entry.getKey(), origin);
      }
    }
  }

  private static boolean matches(Class<?> raw, JsonNode value) {
    if (raw.isRecord() || raw == Map.class) {
      return value.isObject();
    }
    if (raw == List.class) {
      return value.isArray();
    }
    if (raw == int.class || raw == Integer.class) {
      return value.isIntegralNumber() && value.canConvertToInt();
    }
    if (raw == long.class || raw == Long.class) {
      return value.isIntegralNumber() && value.canConvertToLong();
    }
    if (raw == double.class || raw == Double.class) {
      return value.isNumber() && Double.isFinite(value.asDouble());
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return value.isBoolean();
    }
    if (raw == String.class) {
      return value.isTextual();
    }
    if (raw.isEnum()) {
      // Enum values are read in any case: the docs write them in lower case ("propose"), Java in upper.
      return value.isTextual() && enumNames(raw).contains(value.asText().toLowerCase(java.util.Locale.ROOT));
    }
    throw new IllegalStateException("no shape check for settings type " + raw.getName());
  }

  /** What a setting of this type takes, in words. */
  static String describe(Type type) {
    Class<?> raw = rawClass(type);
    if (raw.isRecord()) {
      return "an object";
    }
    if (raw == List.class) {
      return "a list of " + plural(describe(typeArgument(type, 0)));
    }
    if (raw == Map.class) {
      return "an object whose values are " + plural(describe(typeArgument(type, 1)));
    }
    if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
      return "a whole number";
    }
    if (raw == double.class || raw == Double.class) {
      return "a number";
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return "true or false";
    }
    if (raw.isEnum()) {
      return "one of " + String.join(", ", enumNames(raw).stream().map(n -> "\"" + n + "\"").toList());
    }
    return "a string";
  }

  private static String plural(String description) {
    return description.replaceFirst("^an? ", "") + "s";
  }

  private static String found(JsonNode value) {
    if (value.isTextual()) {
      String text = value.asText();
      return "the string " + quote(text.length() > SHOWN_CHARS ? text.substring(0, SHOWN_CHARS) + "..." : text);
    }
    if (value.isBoolean()) {
      return value.asText();
    }
    if (value.isNumber()) {
      return value.toString();
    }
    return value.isArray() ? "a list" : "an object";
  }

  private static String outOfRange(Class<?> raw, JsonNode value) {
    boolean integral = raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class;
    return integral && value.isIntegralNumber() ? " (too large)" : "";
  }

  private static String quote(String text) {
    return "\"" + OneLine.escape(text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
  }

  /** An enum setting's values as settings.json and the docs spell them: lower case. */
  private static List<String> enumNames(Class<?> raw) {
    return Arrays.stream(raw.getEnumConstants()).map(e -> ((Enum<?>) e).name().toLowerCase(java.util.Locale.ROOT))
        .toList();
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    throw new IllegalStateException("no shape check for settings type " + type);
  }

  private static Type typeArgument(Type type, int index) {
    if (type instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[index];
    }
    throw new IllegalStateException("settings collection without a type argument: " + type);
  }

  // Suggests the known key closest to a typo, when one is within two edits.
  private static String suggestion(String key, Iterable<String> known) {
    String best = null;
    int bestDistance = 3;
    for (String k : known) {
      int d = editDistance(key.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best == null ? "" : "; did you mean '" + best + "'?";
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
