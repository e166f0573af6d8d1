package io.engram.team;

import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.TeamMirror;
import io.engram.redact.SecretRedactor;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a member shares of a memory: its words and its provenance, never their personal state of it (when recall
 * last surfaced it, how often, whether one of their own memories superseded it: in a mirror {@code supersededBy}
 * only ever names the member's own correction that a team memory yields to).
 *
 * @param name the memory's name
 * @param type its type
 * @param description its one line
 * @param body its Markdown body
 * @param source who said it first (user, model, tool, import)
 * @param session the session that wrote it
 * @param origin where it was shared from: {@code host:scope/file}
 * @param fields the rest of its frontmatter: supersedes, validUntil, paths, unknown keys
 * @param created when it was first written
 */
public record TeamContent(String name, MemoryType type, String description, String body, Optional<MemorySource> source,
    Optional<String> session, String origin, Map<String, Object> fields, Optional<Instant> created) {
  private static final Set<String> TEAM_KEYS =
      Set.of(TeamMirror.AUTHOR, TeamMirror.CHANGED_BY, TeamMirror.VERSION, TeamMirror.ORIGIN);

  public TeamContent {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(origin, "origin");
    fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    Objects.requireNonNull(created, "created");
  }

  /**
   * The shareable content of {@code memory}, with secrets redacted again by {@code redactor} (whatever wrote the
   * file, nothing secret leaves the machine) and without the attribution line a read of the mirror adds.
   */
  static TeamContent of(Memory memory, String origin, SecretRedactor redactor) {
    Map<String, Object> fields = new LinkedHashMap<>();
    if (!memory.supersedes().isEmpty()) {
      fields.put("supersedes", memory.supersedes().stream().map(s -> clean(s, redactor)).toList());
    }
    memory.validUntil().ifPresent(v -> fields.put("validUntil", v.toString()));
    if (!memory.paths().isEmpty()) {
      fields.put("paths", memory.paths().stream().map(p -> clean(p, redactor)).toList());
    }
    memory.unknownKeys().forEach((k, v) -> {
      if (!TEAM_KEYS.contains(k)) {
        fields.put(k, cleanValue(v, redactor));
      }
    });
    return new TeamContent(clean(memory.name(), redactor), memory.type(), clean(memory.description(), redactor),
        clean(TeamMirror.unattributed(memory.body()), redactor), memory.source(),
        memory.session().map(s -> clean(s, redactor)), origin, fields, memory.created());
  }

  /** This content redacted again: what a pull writes to disk never holds a secret, whoever pushed it. */
  TeamContent redacted(SecretRedactor redactor) {
    Map<String, Object> clean = new LinkedHashMap<>();
    fields.forEach((k, v) -> clean.put(k, cleanValue(v, redactor)));
    return new TeamContent(clean(name, redactor), type, clean(description, redactor), clean(body, redactor), source,
        session.map(s -> clean(s, redactor)), clean(origin, redactor), clean, created);
  }

  /** The memory a mirror file holds: this content, the given team facts as frontmatter keys. */
  Memory toMemory(String author, String changedBy, int version, Instant updated) {
    Memory.Builder b = Memory.builder(name, type).description(description).body(body).created(created.orElse(updated))
        .updated(updated).source(source.orElse(null)).session(session.orElse(null));
    Map<String, Object> unknown = new LinkedHashMap<>();
    fields.forEach((k, v) -> {
      switch (k) {
        case "supersedes" -> b.supersedes(strings(v));
        case "supersededBy" -> { }
        case "validUntil" -> b.validUntil(instant(v));
        case "paths" -> b.paths(strings(v));
        default -> unknown.put(k, v);
      }
    });
    unknown.put(TeamMirror.AUTHOR, author);
    unknown.put(TeamMirror.CHANGED_BY, changedBy);
    unknown.put(TeamMirror.VERSION, version);
    if (!origin.isEmpty()) {
      unknown.put(TeamMirror.ORIGIN, origin);
    }
    return b.unknownKeys(unknown).build();
  }

  /** Whether {@code other} says the same: same words, type and fields (provenance and origin aside). */
  boolean sameWords(TeamContent other) {
    return name.equals(other.name) && type == other.type && description.equals(other.description)
        && body.equals(other.body) && fields.equals(other.fields);
  }

  private static List<String> strings(Object v) {
    return v instanceof Collection<?> c ? c.stream().map(String::valueOf).toList() : List.of(String.valueOf(v));
  }

  private static Instant instant(Object v) {
    try {
      return Instant.parse(String.valueOf(v));
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  private static String clean(String text, SecretRedactor redactor) {
    return redactor.redact(text).text();
  }

  private static Object cleanValue(Object v, SecretRedactor redactor) {
    if (v instanceof String s) {
      return clean(s, redactor);
    }
    if (v instanceof List<?> list) {
      return list.stream().map(x -> cleanValue(x, redactor)).toList();
    }
    if (v instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(String.valueOf(k), cleanValue(x, redactor)));
      return out;
    }
    return v;
  }
}
