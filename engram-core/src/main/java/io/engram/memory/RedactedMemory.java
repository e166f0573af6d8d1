package io.engram.memory;

import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A memory as a write stores it, every string it holds redacted, with the kinds of secret that were removed (each
 * once, in order of first occurrence) and those of them that were in its name.
 */
record RedactedMemory(Memory memory, List<SecretKind> kinds, List<SecretKind> nameKinds) {
  RedactedMemory {
    Objects.requireNonNull(memory, "memory");
    kinds = List.copyOf(kinds);
    nameKinds = List.copyOf(nameKinds);
  }

  /**
   * {@code m} with its name, description, body, paths, provenance and unknown frontmatter keys redacted: a secret
   * must not reach the disk through a field the format does not know either. The fields are redacted together
   * ({@link SecretRedactor#redactTogether}): a secret found in the body is also taken out of a name that holds it
   * without its context, before the name becomes a file name.
   */
  static RedactedMemory of(Memory m, SecretRedactor redactor) {
    List<String> strings = new ArrayList<>(List.of(m.name(), m.description(), m.body()));
    strings.addAll(m.paths());
    m.agent().ifPresent(strings::add);
    m.session().ifPresent(strings::add);
    m.turn().ifPresent(strings::add);
    m.unknownKeys().values().forEach(v -> collect(v, strings));
    List<Redaction> redacted = redactor.redactTogether(strings);
    Set<SecretKind> kinds = new LinkedHashSet<>();
    redacted.forEach(r -> kinds.addAll(r.kinds()));
    Iterator<String> clean = redacted.stream().map(Redaction::text).iterator();
    Memory.Builder b = m.toBuilder().name(clean.next()).description(clean.next()).body(clean.next());
    b.paths(m.paths().stream().map(p -> clean.next()).toList());
    m.agent().ifPresent(a -> b.agent(clean.next()));
    m.session().ifPresent(s -> b.session(clean.next()));
    m.turn().ifPresent(t -> b.turn(clean.next()));
    Map<String, Object> unknown = new LinkedHashMap<>();
    m.unknownKeys().forEach((k, v) -> unknown.put(k, rebuild(v, clean)));
    return new RedactedMemory(b.unknownKeys(unknown).build(), List.copyOf(kinds), redacted.get(0).kinds());
  }

  /** The strings inside a YAML value of any shape (scalars, lists, maps), in the order {@link #rebuild} reads them. */
  private static void collect(Object v, List<String> out) {
    if (v instanceof String s) {
      out.add(s);
    } else if (v instanceof List<?> list) {
      list.forEach(x -> collect(x, out));
    } else if (v instanceof Map<?, ?> map) {
      map.values().forEach(x -> collect(x, out));
    }
  }

  /** {@code v} with each of its strings replaced by the next of {@code clean}. */
  private static Object rebuild(Object v, Iterator<String> clean) {
    if (v instanceof String) {
      return clean.next();
    }
    if (v instanceof List<?> list) {
      return list.stream().map(x -> rebuild(x, clean)).toList();
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(k, rebuild(x, clean)));
      return out;
    }
    return v;
  }
}
