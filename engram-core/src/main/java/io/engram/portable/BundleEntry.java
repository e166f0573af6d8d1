package io.engram.portable;

import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryVersion;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One memory in a bundle: the topic file as it was on disk (frontmatter and body, every key kept), where it lived,
 * and its versions when the bundle carries them.
 *
 * @param project the project's key for a project memory; empty for a user memory
 * @param file the topic file's name in its memory directory ({@code no-mocks.md})
 * @param text the topic file's text
 * @param versions its recorded versions, oldest first; empty when the bundle was made without them
 */
public record BundleEntry(Optional<String> project, String file, String text, List<MemoryVersion> versions) {
  public BundleEntry {
    Objects.requireNonNull(project, "project");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(text, "text");
    versions = List.copyOf(versions);
  }

  /** The store the memory lived in. */
  public MemoryScope scope() {
    return project.isPresent() ? MemoryScope.PROJECT : MemoryScope.USER;
  }
}
