package io.engram.mcp;

import java.util.Map;
import java.util.Optional;

/** A tool call's arguments, read with checks that name the argument at fault. */
final class Arguments {
  private final Map<String, Object> values;

  Arguments(Map<String, Object> values) {
    this.values = values == null ? Map.of() : values;
  }

  String requiredString(String name) {
    return optionalString(name).orElseThrow(() -> new ToolInputException("missing required argument '" + name + "'"));
  }

  Optional<String> optionalString(String name) {
    Object v = values.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s)) {
      throw new ToolInputException("argument '" + name + "' must be a string, was " + describe(v));
    }
    if (s.isBlank()) {
      throw new ToolInputException("argument '" + name + "' must not be empty");
    }
    return Optional.of(s);
  }

  Optional<Integer> optionalInt(String name, int min, int max) {
    Object v = values.get(name);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
      throw new ToolInputException("argument '" + name + "' must be an integer, was " + describe(v));
    }
    long l = n.longValue();
    if (l < min || l > max) {
      throw new ToolInputException("argument '" + name + "' must be between " + min + " and " + max + ", was " + l);
    }
    return Optional.of((int) l);
  }

  boolean flag(String name) {
    Object v = values.get(name);
    if (v == null) {
      return false;
    }
    if (!(v instanceof Boolean b)) {
      throw new ToolInputException("argument '" + name + "' must be true or false, was " + describe(v));
    }
    return b;
  }

  private static String describe(Object v) {
    return v instanceof String ? "a string" : v instanceof Number ? "the number " + v
        : v instanceof Boolean ? "a boolean" : v instanceof Map ? "an object" : "a " + v.getClass().getSimpleName();
  }
}
