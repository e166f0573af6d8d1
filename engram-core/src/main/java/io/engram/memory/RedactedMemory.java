package io.engram.memory;

import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A memory as a write stores it, every string it holds redacted, with the kinds of secret that were removed (each
 * once, in order of first occurrence).
 */
record RedactedMemory(Memory memory, List<SecretKind> kinds) {
  RedactedMemory {
    Objects.requireNonNull(memory, "memory");
    kinds = List.copyOf(kinds);
  }

  /**
   * {@code m} with its name, description, body, paths, provenance and unknown frontmatter keys redacted: a secret
   * must not reach the disk through a field the format does not know either.
   */
  static RedactedMemory of(Memory m, SecretRedactor redactor) {
    Set<SecretKind> kinds = new LinkedHashSet<>();
    Memory.Builder b = m.toBuilder()
        .name(scrub(m.name(), redactor, kinds))
        .description(scrub(m.description(), redactor, kinds))
        .body(scrub(m.body(), redactor, kinds));
    b.paths(m.paths().stream().map(p -> scrub(p, redactor, kinds)).toList());
    m.agent().ifPresent(a -> b.agent(scrub(a, redactor, kinds)));
    m.session().ifPresent(s -> b.session(scrub(s, redactor, kinds)));
    m.turn().ifPresent(t -> b.turn(scrub(t, redactor, kinds)));
    Map<String, Object> unknown = new LinkedHashMap<>();
    m.unknownKeys().forEach((k, v) -> unknown.put(k, scrubValue(v, redactor, kinds)));
    return new RedactedMemory(b.unknownKeys(unknown).build(), List.copyOf(kinds));
  }

  /** Redacts strings inside a YAML value of any shape (scalars, lists, maps). */
  private static Object scrubValue(Object v, SecretRedactor redactor, Set<SecretKind> kinds) {
    if (v instanceof String s) {
      return scrub(s, redactor, kinds);
    }
    if (v instanceof List<?> list) {
      return list.stream().map(x -> scrubValue(x, redactor, kinds)).toList();
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(k, scrubValue(x, redactor, kinds)));
      return out;
    }
    return v;
  }

  private static String scrub(String text, SecretRedactor redactor, Set<SecretKind> kinds) {
    Redaction r = redactor.redact(text);
    kinds.addAll(r.kinds());
    return r.text();
  }
}
