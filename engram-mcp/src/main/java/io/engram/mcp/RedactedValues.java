package io.engram.mcp;

import io.engram.redact.SecretRedactor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Secrets removed from every string inside a tool's answer (maps and lists of any depth), keys left as they are. */
final class RedactedValues {
  private RedactedValues() {}

  static Map<String, Object> of(Map<String, Object> result) {
    Map<String, Object> out = new LinkedHashMap<>();
    result.forEach((k, v) -> out.put(k, value(v)));
    return out;
  }

  static String text(String s) {
    return SecretRedactor.standard().redact(s).text();
  }

  @SuppressWarnings("unchecked")
  private static Object value(Object v) {
    if (v instanceof String s) {
      return text(s);
    }
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(k, value(x)));
      return out;
    }
    if (v instanceof List<?> list) {
      return list.stream().map(RedactedValues::value).toList();
    }
    return v;
  }
}
