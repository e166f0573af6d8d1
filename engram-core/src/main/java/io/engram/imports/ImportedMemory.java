package io.engram.imports;

import io.engram.memory.MemoryType;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One thing another agent kept, as a memory to bring in.
 *
 * @param name the memory's name (its heading, its file's name, or its first words)
 * @param type user for what is about the person wherever they work, else as the agent typed it (project by default)
 * @param description one line saying what it is about
 * @param body what the agent kept, as it wrote it
 * @param from the file it was read from
 */
public record ImportedMemory(String name, MemoryType type, String description, String body, Path from) {
  public ImportedMemory {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(from, "from");
  }

  /** The text a comparison by words or meaning reads: the description, then the body. */
  String text() {
    return description + "\n" + body;
  }
}
