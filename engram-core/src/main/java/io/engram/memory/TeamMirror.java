package io.engram.memory;

import io.engram.redact.SecretRedactor;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the read-only mirror of a project's team memory lives, and the frontmatter keys team sync writes there.
 *
 * <p>The mirror is a memory directory like the others ({@code MEMORY.md}, topic files, {@code .engram-lock}),
 * at {@code <engram-home>/projects/<key>/team/memory/}, where the key is always the one made from the git
 * remote, whatever the memory layout: two clones of one repository on two machines meet in one team. Only
 * team sync writes it (atomically, under the directory's lock); stores read it as {@link MemoryScope#TEAM}.
 *
 * @param projectKey the project's key in the team store: its git remote, sanitized
 * @param directory the mirror's memory directory
 */
public record TeamMirror(String projectKey, Path directory) {
  /** Frontmatter key: the team member who first shared the memory (the database role). */
  public static final String AUTHOR = "author";
  /** Frontmatter key: the team member who last changed it. */
  public static final String CHANGED_BY = "changedBy";
  /** Frontmatter key: its version in the team store, raised by one at every change. */
  public static final String VERSION = "teamVersion";
  /** Frontmatter key: where it was first shared from (machine and local store). */
  public static final String ORIGIN = "origin";

  public TeamMirror {
    Objects.requireNonNull(projectKey, "projectKey");
    Objects.requireNonNull(directory, "directory");
  }

  /** The author recorded in a memory's frontmatter (a team memory, or a local copy of one). */
  public static Optional<String> author(Memory memory) {
    return Optional.ofNullable(memory.unknownKeys().get(AUTHOR)).map(String::valueOf);
  }

  /** The member who last changed it, from the frontmatter. */
  public static Optional<String> changedBy(Memory memory) {
    return Optional.ofNullable(memory.unknownKeys().get(CHANGED_BY)).map(String::valueOf);
  }

  /** The team version recorded in a memory's frontmatter: the one a local copy was taken from. */
  public static Optional<Integer> version(Memory memory) {
    Object v = memory.unknownKeys().get(VERSION);
    if (v instanceof Number n) {
      return Optional.of(n.intValue());
    }
    try {
      return v == null ? Optional.empty() : Optional.of(Integer.parseInt(String.valueOf(v).strip()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The name the team knows a memory called {@code name} by: {@code name} with its secrets redacted, as a share sends
   * it. Every lookup of a team memory by a name a person typed goes through here, as every write does, so a name typed
   * with a secret in it finds what its share stored, and so does the redacted name a listing shows.
   */
  public static String teamName(String name, SecretRedactor redactor) {
    return NameQuery.shown(name, redactor);
  }

  /** The identity in the team (the file name in the mirror, the row's key in the database) of {@link #teamName}. */
  public static String teamSlug(String name, SecretRedactor redactor) {
    return MemoryNames.slug(teamName(name, redactor));
  }

  /** The body as stored, without the attribution line a read of the mirror puts in front of it. */
  public static String unattributed(String body) {
    return TeamAttribution.strip(body);
  }
}
