package io.engram.cli.memory;

import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import java.util.Locale;
import java.util.Optional;

/**
 * One memory as the memory commands print it with {@code --json} ({@code list}, {@code restore}, and the
 * first fields of {@code show} and {@code remember}); absent dates and source are {@code null}, and so is the
 * author of a memory that came from nobody on the team.
 */
record MemoryJson(String name, String type, String description, String path, Optional<String> updated,
    Optional<String> source, String scope, Optional<String> author) {

  static MemoryJson of(StoredMemory s) {
    return new MemoryJson(s.name(), s.memory().type().id(), s.memory().description(), s.path().toString(),
        s.memory().updated().map(Object::toString), s.memory().source().map(v -> v.id()),
        s.scope().name().toLowerCase(Locale.ROOT), TeamMirror.author(s.memory()));
  }
}
