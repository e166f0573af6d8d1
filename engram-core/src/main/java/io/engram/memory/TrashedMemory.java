package io.engram.memory;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * A forgotten memory the trash still holds, restorable by name or by its {@link #id} until {@code memory.trashRetentionDays} after
 * {@code trashedAt}.
 *
 * @param memory the memory as it was when forgotten
 * @param scope the store whose trash holds it
 * @param trashedAt when it was forgotten
 * @param file the file in the trash
 */
public record TrashedMemory(Memory memory, MemoryScope scope, Instant trashedAt, Path file) {
  public TrashedMemory {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(trashedAt, "trashedAt");
    Objects.requireNonNull(file, "file");
  }

  /** The memory's name. */
  public String name() {
    return memory.name();
  }

  /**
   * This entry's identity, {@code <scope>/<trash file name>}: two forgotten memories of one name are two entries,
   * and {@link ProjectMemory#restoreEntry} brings back the one this names.
   */
  public String id() {
    return scope.name().toLowerCase(java.util.Locale.ROOT) + "/" + file.getFileName();
  }
}
