package io.engram.dream;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The changes a dream run intends, in the order they apply. Validated on construction: when several
 * changes touch one file they must chain (each starts from the text the previous one left), so the
 * diff, the writes and the undo snapshot all agree.
 */
record DreamPlan(List<DreamChange> changes) {

  /** A plan with nothing to do. */
  public static final DreamPlan EMPTY = new DreamPlan(List.of());

  public DreamPlan {
    changes = List.copyOf(changes);
    Map<String, Optional<String>> current = new HashMap<>();
    for (DreamChange change : changes) {
      for (FileEdit edit : change.edits()) {
        Optional<String> last = current.get(edit.path());
        if (current.containsKey(edit.path()) && !last.equals(edit.before())) {
          throw new IllegalArgumentException(
              "dream plan: '" + change.summary() + "' does not start from what the previous change left in " + edit.path());
        }
        current.put(edit.path(), edit.after());
      }
    }
  }

  /** True when the run would change nothing. */
  public boolean isEmpty() {
    return changes.stream().flatMap(c -> c.edits().stream()).allMatch(FileEdit::unchanged);
  }

  /** Every file the plan touches, sorted: what the undo journal snapshots before the run. */
  public SortedSet<String> touchedPaths() {
    SortedSet<String> out = new TreeSet<>();
    changes.forEach(c -> c.edits().forEach(e -> out.add(e.path())));
    return out;
  }

  /** How many changes of each kind ("create", "merge", ...), for a summary line or JSON. */
  public Map<String, Integer> counts() {
    Map<String, Integer> out = new TreeMap<>();
    for (DreamChange c : changes) {
      out.merge(c.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT), 1, Integer::sum);
    }
    return out;
  }

  /** Per file, the text before the first change and after the last; files left as they were are omitted. */
  List<FileEdit> netEdits() {
    Map<String, Optional<String>> before = new TreeMap<>();
    Map<String, Optional<String>> after = new HashMap<>();
    for (DreamChange c : changes) {
      for (FileEdit e : c.edits()) {
        before.putIfAbsent(e.path(), e.before());
        after.put(e.path(), e.after());
      }
    }
    List<FileEdit> out = new ArrayList<>();
    before.forEach((path, b) -> {
      Optional<String> a = after.get(path);
      if (!b.equals(a)) {
        out.add(new FileEdit(path, b, a));
      }
    });
    return out;
  }
}
