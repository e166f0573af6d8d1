package io.engram.recall;

import io.engram.memory.StoredMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The store's memories as recall documents (id = file name), with the id of each memory's name and back. */
record StoreDocuments(Map<String, RecallDocument> byId, Map<String, String> idByName) {
  static StoreDocuments of(List<StoredMemory> memories, Instant now) throws IOException {
    Map<String, RecallDocument> byId = new LinkedHashMap<>();
    Map<String, String> idByName = new HashMap<>();
    for (StoredMemory s : memories) {
      String id = s.path().getFileName().toString();
      if (byId.containsKey(id)) {
        // Same file name in the project and the user store: the scope keeps the ids apart.
        id = s.scope().name().toLowerCase(Locale.ROOT) + "/" + id;
      }
      byId.put(id, document(id, s, now));
      idByName.put(s.name(), id);
    }
    return new StoreDocuments(byId, idByName);
  }

  Collection<RecallDocument> all() {
    return byId.values();
  }

  Set<String> ids(Set<String> names) {
    Set<String> ids = new LinkedHashSet<>();
    names.forEach(n -> ids.add(idByName.getOrDefault(n, n)));
    return ids;
  }

  private static RecallDocument document(String id, StoredMemory s, Instant now) throws IOException {
    var m = s.memory();
    Instant updated = m.updated().or(m::created).orElse(null);
    if (updated == null) {
      // A Claude Code file without Engram's fields: its modification time is the best "updated" there is.
      updated = Files.exists(s.path()) ? Files.getLastModifiedTime(s.path()).toInstant() : Instant.EPOCH;
    }
    return new RecallDocument(id, m.name(), m.description(), m.body(), m.type().id(),
        new RecallDocument.Activity(updated, m.lastRecalled(), m.recallCount()), m.isSuperseded(now), m.paths());
  }
}
