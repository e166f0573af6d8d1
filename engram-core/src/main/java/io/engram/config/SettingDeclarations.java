package io.engram.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings as their {@link Setting} declarations say: a section's defaults built from them, a copy of a section
 * with one value changed, and the list of every declared setting with its key, for the README's table and the
 * command line.
 */
final class SettingDeclarations {
  // Reads the defaults as written in the declarations; SettingsShape has checked each value's JSON type first.
  private static final ObjectMapper READER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
      .enable(com.fasterxml.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS).build();

  private SettingDeclarations() {}

  /** A declared setting: its key, its Java type and its declaration. */
  record Declared(String key, Type type, Setting setting) {
    /** The default as {@code settings.json} spells it, in compact JSON. */
    String byDefault() {
      return read(setting.byDefault(), type instanceof Class<?> c ? c : Object.class, key).toString();
    }

    /** The values a setting takes, in words ("a whole number, at least 1"). */
    String takes() {
      String kind = SettingsShape.describe(type);
      SettingsRanges.Range range = SettingsRanges.Range.of(setting);
      return range.unbounded() ? kind : kind + ", " + (kind.startsWith("an object") ? "each " : "")
          + range.describe();
    }
  }

  /**
   * The defaults of {@code section} as its components declare them; a nested section's are its own {@code
   * DEFAULTS}. Throws an {@link IllegalStateException} when a declaration is missing, of the wrong type or out of
   * its own range: a programming error the first test that touches the settings finds.
   */
  static <R extends Record> R defaults(Class<R> section) {
    ObjectNode tree = JsonNodeFactory.instance.objectNode();
    String origin = "the declaration of " + label(section);
    for (RecordComponent c : section.getRecordComponents()) {
      if (c.getType().isRecord()) {
        tree.set(c.getName(), READER.valueToTree(nestedDefaults(c.getType())));
        continue;
      }
      Setting declared = c.getAnnotation(Setting.class);
      if (declared == null) {
        throw new IllegalStateException(label(section) + "." + c.getName() + " has no @Setting");
      }
      JsonNode value = read(declared.byDefault(), c.getType(), label(section) + "." + c.getName());
      try {
        SettingsShape.checkValue(c.getGenericType(), value, label(section) + "." + c.getName(), origin);
      } catch (SettingsException e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
      tree.set(c.getName(), value);
    }
    try {
      R defaults = READER.treeToValue(tree, section);
      SettingsRanges.checkEach(defaults, label(section), origin);
      return defaults;
    } catch (SettingsException e) {
      throw new IllegalStateException(e.getMessage(), e);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(origin + ": " + e.getOriginalMessage(), e);
    }
  }

  /**
   * {@code section} with its component {@code name} set to {@code value} (a number of any boxed type for a number),
   * checked against the declaration's range.
   *
   * @throws IllegalArgumentException if the section has no such component, or the value does not fit it
   */
  static <R extends Record> R with(R section, String name, Object value) {
    RecordComponent[] components = section.getClass().getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    boolean found = false;
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      if (components[i].getName().equals(name)) {
        values[i] = fit(components[i], value);
        found = true;
      } else {
        values[i] = read(components[i], section);
      }
    }
    if (!found) {
      throw new IllegalArgumentException(label(section.getClass()) + " has no setting " + name);
    }
    try {
      @SuppressWarnings("unchecked")
      R copy = (R) section.getClass().getDeclaredConstructor(types).newInstance(values);
      return copy;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy " + label(section.getClass()), e);
    }
  }

  /**
   * The Markdown table of every setting of {@code settings.json}: key, what it takes, its default and what it does,
   * in the order the records declare them.
   */
  static String markdownTable() {
    StringBuilder out = new StringBuilder("| Setting | Takes | Default | What it does |\n|---|---|---|---|\n");
    for (SettingDescription d : described()) {
      out.append("| `").append(d.key()).append("` | ").append(cell(d.takes())).append(" | `")
          .append(d.byDefault()).append("` | ").append(cell(d.help())).append(" |\n");
    }
    return out.toString();
  }

  /** Every setting of {@code settings.json}, in the order the records declare them. */
  static List<SettingDescription> described() {
    return all(EngramSettings.class, "").stream()
        .map(d -> new SettingDescription(d.key(), d.takes(), d.byDefault(), d.setting().help())).toList();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  /** Every declared setting under {@code root}, nested sections included, keys prefixed by {@code prefix}. */
  static List<Declared> all(Class<? extends Record> root, String prefix) {
    List<Declared> found = new ArrayList<>();
    collect(root, prefix, found);
    return found;
  }

  private static void collect(Class<?> section, String prefix, List<Declared> into) {
    for (RecordComponent c : section.getRecordComponents()) {
      String key = prefix.isEmpty() ? c.getName() : prefix + "." + c.getName();
      if (c.getType().isRecord()) {
        collect(c.getType(), key, into);
      } else if (c.getAnnotation(Setting.class) != null) {
        into.add(new Declared(key, c.getGenericType(), c.getAnnotation(Setting.class)));
      }
    }
  }

  private static Object fit(RecordComponent component, Object value) {
    Class<?> type = component.getType();
    Object fitted = value;
    if (type == double.class && value instanceof Number n) {
      fitted = n.doubleValue();
    } else if (type == long.class && (value instanceof Integer || value instanceof Long)) {
      fitted = ((Number) value).longValue();
    } else if (type == int.class && !(value instanceof Integer)
        || type == boolean.class && !(value instanceof Boolean)
        || !type.isPrimitive() && !type.isInstance(value)) {
      throw new IllegalArgumentException(component.getName() + " takes " + SettingsShape.describe(
          component.getGenericType()) + ", not " + value);
    }
    Setting declared = component.getAnnotation(Setting.class);
    List<Object> numbers = fitted instanceof java.util.Map<?, ?> map ? List.copyOf(map.values()) : List.of(fitted);
    for (Object v : numbers) {
      if (declared != null && v instanceof Number n && !SettingsRanges.Range.of(declared).contains(n.doubleValue())) {
        throw new IllegalArgumentException(component.getName() + " must be "
            + SettingsRanges.Range.of(declared).describe() + ", not " + v);
      }
    }
    return fitted;
  }

  // A default as written in a declaration: a string or an enum constant as it is, a number with its digits grouped
  // by '_' or not, anything else JSON (single quotes allowed).
  private static JsonNode read(String text, Class<?> type, String key) {
    if (type == String.class || type.isEnum()) {
      return JsonNodeFactory.instance.textNode(text);
    }
    boolean number = type == int.class || type == long.class || type == double.class;
    try {
      return READER.readTree(number ? text.replace("_", "") : text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the default of " + key + " is not valid: " + text, e);
    }
  }

  private static Object nestedDefaults(Class<?> section) {
    try {
      return section.getField("DEFAULTS").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(label(section) + " has no DEFAULTS", e);
    }
  }

  private static Object read(RecordComponent component, Record record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read setting " + component.getName(), e);
    }
  }

  // A section's name in a declaration's error: a group nested in its section (CompactionSettings.Offline) by both.
  private static String label(Class<?> section) {
    Class<?> outer = section.getEnclosingClass();
    return outer != null && outer.isRecord() ? outer.getSimpleName() + "." + section.getSimpleName()
        : section.getSimpleName();
  }
}
