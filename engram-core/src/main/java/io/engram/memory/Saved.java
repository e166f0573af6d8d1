package io.engram.memory;

import io.engram.redact.SecretKind;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@link MemoryStore#write}: what is now on disk, whether the file is new, and the
 * kinds of secret that were redacted on the way.
 */
public record Saved(StoredMemory stored, boolean created, List<SecretKind> redacted) {
  public Saved {
    Objects.requireNonNull(stored, "stored");
    redacted = List.copyOf(redacted);
  }
}
