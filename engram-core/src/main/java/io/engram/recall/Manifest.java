package io.engram.recall;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The recall manifest: one line per memory (name and description), newest first, at most the
 * configured number of files; what a model sees when it picks memories, and what a session starts with.
 *
 * @param entries the listed memories, newest first
 * @param omitted how many current memories did not fit (they stay searchable by the index)
 */
public record Manifest(List<Entry> entries, int omitted) {

  /** One manifest line's data. */
  public record Entry(String id, String name, String description, String type, Instant updated) {}

  /** Copies the list. */
  public Manifest {
    entries = List.copyOf(entries);
  }

  /** The manifest of {@code docs}: superseded ones left out, newest first, at most {@code maxFiles}. */
  public static Manifest of(Collection<RecallDocument> docs, int maxFiles) {
    List<RecallDocument> current =
        docs.stream()
            .filter(d -> !d.superseded())
            .sorted(Comparator.comparing((RecallDocument d) -> d.activity().updated()).reversed()
                .thenComparing(RecallDocument::id))
            .toList();
    List<Entry> shown =
        current.stream()
            .limit(Math.max(0, maxFiles))
            .map(d -> new Entry(d.id(), d.name(), d.description(), d.type(), d.activity().updated()))
            .toList();
    return new Manifest(shown, current.size() - shown.size());
  }

  /** The manifest as text: {@code - [type] name: description} per line. */
  public String render() {
    String lines =
        entries.stream()
            .map(e -> "- [" + e.type() + "] " + e.name() + ": " + e.description())
            .collect(Collectors.joining("\n"));
    return omitted == 0 ? lines : lines + "\n(" + omitted + " older memories not listed; recall still searches them)";
  }
}
