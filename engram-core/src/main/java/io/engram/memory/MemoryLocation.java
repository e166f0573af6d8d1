package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a project's memory lives.
 *
 * @param projectKey the directory name under {@code projects/}: the normalised git remote when there
 *     is one (Engram layout), else the sanitized path of the project root
 * @param projectDir the project memory directory
 * @param userDir the user-level memory directory, {@code <engram-home>/user/memory/}
 * @param team where the project's team memory is mirrored; empty when the project has no git remote, which
 *     is what lets clones on other machines find the same team
 */
public record MemoryLocation(String projectKey, Path projectDir, Path userDir, Optional<TeamMirror> team) {
  public MemoryLocation {
    Objects.requireNonNull(projectKey, "projectKey");
    Objects.requireNonNull(projectDir, "projectDir");
    Objects.requireNonNull(userDir, "userDir");
    Objects.requireNonNull(team, "team");
  }

  /** A location without a team mirror. */
  public MemoryLocation(String projectKey, Path projectDir, Path userDir) {
    this(projectKey, projectDir, userDir, Optional.empty());
  }
}
