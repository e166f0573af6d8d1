package io.engram.memory;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One auto-memory topic file: the three Claude Code fields, the body, and Engram's own fields.
 *
 * <p>Engram's fields are optional so that files written by Claude Code read as they are.
 * {@code unknownKeys} holds every other frontmatter key, in file order, so that a rewrite keeps it.
 * Values are immutable; change one with {@link #toBuilder()}.
 *
 * @param name the memory's identity; its file name is derived from it ({@link MemoryNames})
 * @param description one line saying when the memory is useful (the recall manifest shows it)
 * @param type the memory type
 * @param body Markdown after the frontmatter, kept byte for byte
 * @param created when the memory was first written
 * @param updated when it was last written
 * @param source who said it
 * @param agent the coding agent whose session it came from ({@code claude-code}, {@code codex}, {@code gemini},
 *     {@code opencode}, {@code cursor}), as that agent's id; empty when a person or a framework wrote it
 * @param session the session that wrote it
 * @param turn the message of that session's transcript it was read from (Claude Code's {@code uuid})
 * @param supersedes names of memories this one replaces (they stay, marked superseded)
 * @param supersededBy the memory that replaced this one
 * @param validUntil after this instant the fact no longer holds
 * @param lastRecalled when recall last surfaced it
 * @param recallCount how often recall surfaced it
 * @param paths files or symbols the memory is about (for staleness checks)
 * @param unknownKeys other frontmatter keys, in file order (values as parsed from YAML)
 */
public record Memory(
    String name,
    String description,
    MemoryType type,
    String body,
    Optional<Instant> created,
    Optional<Instant> updated,
    Optional<MemorySource> source,
    Optional<String> agent,
    Optional<String> session,
    Optional<String> turn,
    List<String> supersedes,
    Optional<String> supersededBy,
    Optional<Instant> validUntil,
    Optional<Instant> lastRecalled,
    int recallCount,
    List<String> paths,
    Map<String, Object> unknownKeys) {

  public Memory {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(updated, "updated");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(turn, "turn");
    Objects.requireNonNull(supersededBy, "supersededBy");
    Objects.requireNonNull(validUntil, "validUntil");
    Objects.requireNonNull(lastRecalled, "lastRecalled");
    if (recallCount < 0) {
      throw new IllegalArgumentException("recallCount must not be negative: " + recallCount);
    }
    supersedes = List.copyOf(supersedes);
    paths = List.copyOf(paths);
    unknownKeys = Collections.unmodifiableMap(new LinkedHashMap<>(unknownKeys));
  }

  /** A new memory with only the three required fields and a body. */
  public static Memory of(String name, MemoryType type, String description, String body) {
    return builder(name, type).description(description).body(body).build();
  }

  /** Starts a memory with its identity and type; every other field is empty. */
  public static Builder builder(String name, MemoryType type) {
    return new Builder(name, type);
  }

  /** A builder holding this memory's fields. */
  public Builder toBuilder() {
    Builder b = new Builder(name, type);
    b.description = description;
    b.body = body;
    b.created = created;
    b.updated = updated;
    b.source = source;
    b.agent = agent;
    b.session = session;
    b.turn = turn;
    b.supersedes = supersedes;
    b.supersededBy = supersededBy;
    b.validUntil = validUntil;
    b.lastRecalled = lastRecalled;
    b.recallCount = recallCount;
    b.paths = paths;
    b.unknownKeys = unknownKeys;
    return b;
  }

  /** True when another memory replaced this one or its validity ended before {@code now}. */
  public boolean isSuperseded(Instant now) {
    return supersededBy.isPresent() || validUntil.map(now::isAfter).orElse(false);
  }

  /** Builds {@link Memory} values; every setter returns the builder, and {@code null} clears an optional field. */
  public static final class Builder {
    private String name;
    private MemoryType type;
    private String description = "";
    private String body = "";
    private Optional<Instant> created = Optional.empty();
    private Optional<Instant> updated = Optional.empty();
    private Optional<MemorySource> source = Optional.empty();
    private Optional<String> agent = Optional.empty();
    private Optional<String> session = Optional.empty();
    private Optional<String> turn = Optional.empty();
    private List<String> supersedes = List.of();
    private Optional<String> supersededBy = Optional.empty();
    private Optional<Instant> validUntil = Optional.empty();
    private Optional<Instant> lastRecalled = Optional.empty();
    private int recallCount;
    private List<String> paths = List.of();
    private Map<String, Object> unknownKeys = Map.of();

    private Builder(String name, MemoryType type) {
      this.name = name;
      this.type = type;
    }

    public Builder name(String v) { name = v; return this; }
    public Builder type(MemoryType v) { type = v; return this; }
    public Builder description(String v) { description = v; return this; }
    public Builder body(String v) { body = v; return this; }
    public Builder created(Instant v) { created = Optional.ofNullable(v); return this; }
    public Builder updated(Instant v) { updated = Optional.ofNullable(v); return this; }
    public Builder source(MemorySource v) { source = Optional.ofNullable(v); return this; }
    public Builder agent(String v) { agent = Optional.ofNullable(v); return this; }
    public Builder session(String v) { session = Optional.ofNullable(v); return this; }
    public Builder turn(String v) { turn = Optional.ofNullable(v); return this; }
    public Builder supersedes(List<String> v) { supersedes = v; return this; }
    public Builder supersededBy(String v) { supersededBy = Optional.ofNullable(v); return this; }
    public Builder validUntil(Instant v) { validUntil = Optional.ofNullable(v); return this; }
    public Builder lastRecalled(Instant v) { lastRecalled = Optional.ofNullable(v); return this; }
    public Builder recallCount(int v) { recallCount = v; return this; }
    public Builder paths(List<String> v) { paths = v; return this; }
    public Builder unknownKeys(Map<String, Object> v) { unknownKeys = v; return this; }

    /** The memory; throws {@link NullPointerException} or {@link IllegalArgumentException} on bad fields. */
    public Memory build() {
      return new Memory(name, description, type, body, created, updated, source, agent, session, turn, supersedes,
          supersededBy, validUntil, lastRecalled, recallCount, paths, unknownKeys);
    }
  }
}
