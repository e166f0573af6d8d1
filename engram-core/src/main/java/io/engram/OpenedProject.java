package io.engram;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A project's memory as {@link EngramBuilder#build} opens it: a dream killed while it applied rolled back first,
 * then the stores opened and their leftovers of interrupted writes cleared, each said once in {@code notes}.
 *
 * @param memory the project's memory (project, user and team stores merged)
 * @param notes what opening found and cleared, one line each
 */
record OpenedProject(ProjectMemory memory, List<String> notes) {
  /** Copies the list. */
  OpenedProject {
    notes = List.copyOf(notes);
  }

  /** A memory opened elsewhere, used as it is: nothing to say. */
  static OpenedProject asIs(ProjectMemory memory) {
    return new OpenedProject(memory, List.of());
  }

  /** Opens the project of {@code roots}, its stores publishing to {@code changes}. */
  static OpenedProject open(EngramRoots roots, EngramSettings settings, Clock clock, MemoryWriteListener writes,
      MemoryFileCache parsed, MemoryChanges changes) throws IOException {
    List<String> notes = new ArrayList<>();
    Dream.recoverInterrupted(roots, settings).ifPresent(notes::add);
    ProjectMemory memory = MemoryStores.open(roots, settings, clock, writes, parsed, changes);
    memory.leftovers().forEach(l -> notes.add(l.describe()));
    return new OpenedProject(memory, notes);
  }
}
