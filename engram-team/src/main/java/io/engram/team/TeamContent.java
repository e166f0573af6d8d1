package io.engram.team;

import io.engram.memory.Memory;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.TeamMirror;
import io.engram.redact.SecretRedactor;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a member shares of a memory: its words and its provenance, never their personal state of it (when recall
 * last surfaced it, how often, whether one of their own memories superseded it: in a mirror {@code supersededBy}
 * only ever names the member's own correction that a team memory yields to). Every field is typed, as the
 * database's columns are: a mirror writes the frontmatter from these alone, so no key of the memory's file can come
 * from a free text another member wrote (a second {@code type}, a {@code supersededBy}); other frontmatter keys of
 * the member's own file are not shared.
 *
 * @param name the memory's name
 * @param type its type
 * @param description its one line
 * @param body its Markdown body
 * @param source who said it first (user, model, tool, import)
 * @param session the session that wrote it
 * @param origin where it was shared from: {@code host:scope/file}
 * @param paths the files it is about
 * @param supersedes the memories it replaces
 * @param validUntil when it stops being true
 * @param created when it was first written
 */
public record TeamContent(String name, MemoryType type, String description, String body, Optional<MemorySource> source,
    Optional<String> session, String origin, List<String> paths, List<String> supersedes, Optional<Instant> validUntil,
    Optional<Instant> created) {

  public TeamContent {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(origin, "origin");
    // an outbox file written before these fields existed has none of them
    paths = paths == null ? List.of() : List.copyOf(paths);
    supersedes = supersedes == null ? List.of() : List.copyOf(supersedes);
    validUntil = validUntil == null ? Optional.empty() : validUntil;
    Objects.requireNonNull(created, "created");
  }

  /**
   * The shareable content of {@code memory}, with secrets redacted again by {@code redactor} (whatever wrote the
   * file, nothing secret leaves the machine) and without the attribution line a read of the mirror adds.
   */
  static TeamContent of(Memory memory, String origin, SecretRedactor redactor) {
    return new TeamContent(TeamMirror.teamName(memory.name(), redactor), memory.type(),
        clean(memory.description(), redactor),
        clean(TeamMirror.unattributed(memory.body()), redactor), memory.source(),
        memory.session().map(s -> clean(s, redactor)), clean(origin, redactor), clean(memory.paths(), redactor),
        clean(memory.supersedes(), redactor), memory.validUntil(), memory.created());
  }

  /** This content redacted again: what a pull writes to disk never holds a secret, whoever pushed it. */
  TeamContent redacted(SecretRedactor redactor) {
    return new TeamContent(TeamMirror.teamName(name, redactor), type, clean(description, redactor),
        clean(body, redactor), source,
        session.map(s -> clean(s, redactor)), clean(origin, redactor), clean(paths, redactor),
        clean(supersedes, redactor), validUntil, created);
  }

  /** The memory a mirror file holds: this content, the given team facts as frontmatter keys. */
  Memory toMemory(String author, String changedBy, int version, Instant updated) {
    Memory.Builder b = Memory.builder(name, type).description(description).body(body).created(created.orElse(updated))
        .updated(updated).source(source.orElse(null)).session(session.orElse(null)).paths(paths)
        .supersedes(supersedes);
    validUntil.ifPresent(b::validUntil);
    Map<String, Object> team = new LinkedHashMap<>();
    team.put(TeamMirror.AUTHOR, author);
    team.put(TeamMirror.CHANGED_BY, changedBy);
    team.put(TeamMirror.VERSION, version);
    if (!origin.isEmpty()) {
      team.put(TeamMirror.ORIGIN, origin);
    }
    return b.unknownKeys(team).build();
  }

  /** Whether {@code other} says the same: same words, type, paths, supersedes and end (provenance and origin aside). */
  boolean sameWords(TeamContent other) {
    return name.equals(other.name) && type == other.type && description.equals(other.description)
        && body.equals(other.body) && paths.equals(other.paths) && supersedes.equals(other.supersedes)
        && validUntil.equals(other.validUntil);
  }

  private static String clean(String text, SecretRedactor redactor) {
    return redactor.redact(text).text();
  }

  private static List<String> clean(List<String> texts, SecretRedactor redactor) {
    return texts.stream().map(t -> clean(t, redactor)).toList();
  }
}
