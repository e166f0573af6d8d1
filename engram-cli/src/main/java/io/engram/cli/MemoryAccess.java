package io.engram.cli;

import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** Opens the memory of the command's project and renders memories for output. */
final class MemoryAccess {
  private MemoryAccess() {}

  static ProjectMemory open(CommandSpec spec) throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    return MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(), Dream.sessionCounter());
  }

  /** The JSON shape of one memory in {@code list --json} and friends. */
  static Map<String, Object> summary(StoredMemory s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", s.name());
    m.put("type", s.memory().type().id());
    m.put("description", s.memory().description());
    m.put("path", s.path().toString());
    m.put("updated", s.memory().updated().map(Object::toString).orElse(null));
    m.put("source", s.memory().source().map(v -> v.id()).orElse(null));
    m.put("scope", s.scope().name().toLowerCase(java.util.Locale.ROOT));
    return m;
  }
}
