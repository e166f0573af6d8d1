package io.engram.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The copy a settings record keeps of a map it is given: unmodifiable, in the order given (the declaration's, or the
 * settings file's), so {@code engram config --json} prints a map the same way on every run, where {@link
 * Map#copyOf}'s order changes from one JVM to the next.
 */
final class SettingMaps {
  private SettingMaps() {}

  /** An unmodifiable copy of {@code map} in its order; a null key or value is refused, as {@link Map#copyOf} does. */
  static <K, V> Map<K, V> copyOf(Map<K, V> map) {
    Map<K, V> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "key"), Objects.requireNonNull(v, "value")));
    return Collections.unmodifiableMap(copy);
  }
}
