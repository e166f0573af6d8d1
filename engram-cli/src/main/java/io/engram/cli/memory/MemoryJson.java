package io.engram.cli.memory;

import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import java.util.Locale;
import java.util.Optional;

/**
 * One memory as the memory commands print it with {@code --json} ({@code list}, {@code restore}, and the
 * first fields of {@code show} and {@code remember}); absent dates, source and agent are {@code null}, and so is
 * the author of a memory that came from nobody on the team. {@code agent} is the coding agent whose session it
 * was learnt in ({@code claude-code}, {@code codex}, {@code gemini}, {@code opencode}, {@code cursor}).
 */
record MemoryJson(String name, String type, String description, String path, Optional<String> updated,
    Optional<String> source, Optional<String> agent, String scope, Optional<String> author) {

  static MemoryJson of(StoredMemory s) {
    return new MemoryJson(s.name(), s.memory().type().id(), s.memory().description(), s.path().toString(),
        s.memory().updated().map(Object::toString), s.memory().source().map(v -> v.id()), s.memory().agent(),
        s.scope().name().toLowerCase(Locale.ROOT), TeamMirror.author(s.memory()));
  }
}
