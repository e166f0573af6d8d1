package io.engram.ui;

import io.engram.dream.DreamRun;
import io.engram.memory.MemoryNames;
import io.engram.memory.StoredMemory;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a memory a dream merged away went: the newest applied run (not undone) whose changes merge its file into
 * another, and the memory that file holds now. A link to the old name (a session's injections, a search made before
 * the dream) then leads to the memory that holds its text.
 */
final class MergedInto {
  /** A merge as a run records it: {@code merge a.md, b.md into c.md: near-duplicates (...)}. */
  private static final Pattern MERGE = Pattern.compile("^merge (.+) into (\\S+): ");

  private MergedInto() {}

  static Optional<MemoryApi.Merged> find(List<DreamRun> runs, String name, List<StoredMemory> memories) {
    if (!MemoryNames.isValid(name)) {
      return Optional.empty();
    }
    String file = MemoryNames.fileName(name);
    for (DreamRun run : runs) { // newest first
      if (run.undone()) {
        continue;
      }
      for (String change : run.changes()) {
        Matcher m = MERGE.matcher(change);
        if (m.find() && List.of(m.group(1).split(", ")).contains(file)) {
          String target = m.group(2);
          Optional<StoredMemory> into = memories.stream()
              .filter(s -> s.path().getFileName().toString().equals(target)).findFirst();
          if (into.isPresent()) {
            return Optional.of(new MemoryApi.Merged(name, into.get().name(), run.runId()));
          }
        }
      }
    }
    return Optional.empty();
  }
}
