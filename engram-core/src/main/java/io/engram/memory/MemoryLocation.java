package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a project's memory lives.
 *
 * @param projectKey the directory name under {@code projects/}: the normalised git remote when there
 *     is one (Engram layout), else the sanitized path of the project root
 * @param projectDir the project memory directory
 * @param userDir the user-level memory directory, {@code <engram-home>/user/memory/}
 */
public record MemoryLocation(String projectKey, Path projectDir, Path userDir) {
  public MemoryLocation {
    Objects.requireNonNull(projectKey, "projectKey");
    Objects.requireNonNull(projectDir, "projectDir");
    Objects.requireNonNull(userDir, "userDir");
  }
}
