package io.engram.dream;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The MEMORY.md an undo puts back: the index as it was before the run, with what other writers did since. A line
 * of a file the run touched is the snapshot's, as is a line the run's pruning took away (even one to a missing
 * file: the state before the run); a line the index has now for a file the run did not touch replaces the
 * snapshot's (a description edited since), and the line of a memory saved since is added. Putting the snapshot
 * back whole left a memory saved after the run out of the index until the next write, and out of what a session
 * starting meanwhile was shown.
 */
final class UndoneIndex {
  private UndoneIndex() {}

  /**
   * @param snapshot MEMORY.md before the run
   * @param now MEMORY.md as it is before the undo
   * @param runFiles the files the run touched (relative to the memory directory), whose lines are the snapshot's
   * @param exists whether a file (relative to the memory directory) is there
   * @param kept files of the run the undo keeps as they are now (changed since): their line is the one they have
   *     now, and one that is gone has none
   */
  static String merge(String snapshot, String now, Set<String> runFiles, Predicate<String> exists, Set<String> kept) {
    Map<String, String> current = new LinkedHashMap<>();
    now.lines().forEach(line -> IndexPruner.target(line).ifPresent(t -> current.putIfAbsent(t, line)));
    List<String> out = new ArrayList<>();
    Set<String> named = new HashSet<>();
    for (String line : snapshot.lines().toList()) {
      Optional<String> target = IndexPruner.target(line);
      if (target.isPresent() && kept.contains(target.get()) && !exists.test(target.get())) {
        // kept gone: no line
      } else if (target.isEmpty() || runFiles.contains(target.get())) {
        out.add(line);
      } else {
        out.add(current.getOrDefault(target.get(), line));
      }
      target.ifPresent(named::add);
    }
    current.forEach((target, line) -> {
      if (!named.contains(target) && !runFiles.contains(target) && exists.test(target)) {
        out.add(line);
      }
    });
    return out.isEmpty() ? "" : String.join("\n", out) + "\n";
  }
}
