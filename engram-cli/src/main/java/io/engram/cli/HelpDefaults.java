package io.engram.cli;

import io.engram.config.EngramSettings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.TreeMap;

/**
 * The settings' defaults as variables for the help texts, so that the help says what {@link EngramSettings}
 * says: a command's description writes {@code ${bundle:recall.filesPerTurn}} and the help reads {@code 5}.
 *
 * <p>Every number, flag and name of every settings section is a key {@code section.field}, numbers written
 * for people ({@code notes.startTokens} is {@code 10,000}); a byte count also has a key
 * {@code section.field.kb} ({@code recall.bytesPerFile.kb} is {@code 4 KB}). {@link EngramCommand} hands
 * this bundle to picocli for the whole command tree.
 */
final class HelpDefaults extends ResourceBundle {
  private final Map<String, String> values;

  /** The variables of {@code settings}; the command line uses {@link EngramSettings#DEFAULTS}. */
  HelpDefaults(EngramSettings settings) {
    Map<String, String> all = new TreeMap<>();
    for (RecordComponent section : EngramSettings.class.getRecordComponents()) {
      Object sectionValue = valueOf(section, settings);
      for (RecordComponent field : section.getType().getRecordComponents()) {
        String key = section.getName() + "." + field.getName();
        Object value = valueOf(field, sectionValue);
        text(value).ifPresent(t -> all.put(key, t));
        if (value instanceof Number n && field.getName().toLowerCase(Locale.ROOT).contains("bytes")) {
          all.put(key + ".kb", kilobytes(n.longValue()));
        }
      }
    }
    this.values = Collections.unmodifiableMap(all);
  }

  /** Every key and its text, for tests and for the curious. */
  Map<String, String> values() {
    return values;
  }

  @Override
  protected Object handleGetObject(String key) {
    return values.get(key);
  }

  @Override
  public Enumeration<String> getKeys() {
    return Collections.enumeration(values.keySet());
  }

  // Scalars only: lists and maps (file names, model windows) are not written into help sentences.
  private static Optional<String> text(Object value) {
    if (value instanceof Integer || value instanceof Long) {
      return Optional.of(String.format(Locale.ROOT, "%,d", ((Number) value).longValue()));
    }
    if (value instanceof Double d) {
      return Optional.of(BigDecimal.valueOf(d).stripTrailingZeros().toPlainString());
    }
    if (value instanceof Boolean || value instanceof String || value instanceof Enum<?>) {
      return Optional.of(value.toString());
    }
    return Optional.empty();
  }

  /** {@code 4096} is {@code 4 KB} and {@code 25000} is {@code 25 KB}: the round figure either way; else bytes. */
  static String kilobytes(long bytes) {
    if (bytes % 1024 == 0) {
      return String.format(Locale.ROOT, "%,d KB", bytes / 1024);
    }
    if (bytes % 1000 == 0) {
      return String.format(Locale.ROOT, "%,d KB", bytes / 1000);
    }
    return String.format(Locale.ROOT, "%,d bytes", bytes);
  }

  private static Object valueOf(RecordComponent component, Object record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read setting " + component.getName(), e);
    }
  }
}
