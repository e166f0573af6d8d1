package io.engram.recall;

import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@link Script} of each document's own words, kept across syncs (a changed or new document's is read again):
 * which memories the model reading a query may not read, and whether the index holds any, so that a store in the
 * query's own script is searched once.
 */
final class DocumentScripts {
  private final Map<String, Script> scripts = new HashMap<>();
  private final Map<Script, Integer> counts = new EnumMap<>(Script.class);

  /** Follows the documents now held, {@code changed} naming those whose content changed since the last call. */
  void follow(Collection<RecallDocument> docs, Set<String> changed) {
    Set<String> held = docs.stream().map(RecallDocument::id).collect(Collectors.toSet());
    scripts.keySet().retainAll(held);
    for (RecallDocument doc : docs) {
      if (changed.contains(doc.id()) || !scripts.containsKey(doc.id())) {
        scripts.put(doc.id(), Script.of(doc.ownText()));
      }
    }
    counts.clear();
    scripts.values().forEach(s -> counts.merge(s, 1, Integer::sum));
  }

  /** Whether the document {@code id} is held and written in another script than {@code script}. */
  boolean otherThan(String id, Script script) {
    return otherScript(id, script).isPresent();
  }

  /** The script of the document {@code id}, when it is held and written in another script than {@code script}. */
  java.util.Optional<Script> otherScript(String id, Script script) {
    Script own = scripts.get(id);
    return own != null && own != script ? java.util.Optional.of(own) : java.util.Optional.empty();
  }

  /** Whether any document held is written in another script than {@code script}. */
  boolean anyOtherThan(Script script) {
    return counts.keySet().stream().anyMatch(s -> s != script);
  }
}
