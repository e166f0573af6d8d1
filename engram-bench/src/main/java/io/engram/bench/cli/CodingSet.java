package io.engram.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.recall.RecallDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A labelled set of coding-agent memories and the queries a developer types mid-session, each with the
 * memories that should be recalled (none, for a query nothing in the store answers): a JSON object with
 * {@code memories} ({@code name}, {@code type}, {@code description}, {@code body}) and {@code queries}
 * ({@code query}, {@code expected} names).
 */
record CodingSet(List<RecallDocument> memories, List<Query> queries) {
  /** All memories carry this date, so hotness is equal and only relevance ranks. */
  static final Instant DATED = Instant.parse("2025-01-15T10:00:00Z");

  /** One query, the names of the memories that answer it, and its language label (empty when the set has none). */
  record Query(String text, Set<String> expected, String lang) {
    /** The id the set-aside split hashes: the memory it asks for, so a memory's questions stay together. */
    String splitId() {
      return expected.isEmpty() ? "unrelated:" + text : expected.stream().sorted().findFirst().orElseThrow();
    }
  }

  /** The same memories with only the queries of {@code part}. */
  CodingSet part(SetAside part) {
    return new CodingSet(memories, queries.stream().filter(q -> part.holds(q.splitId())).toList());
  }

  static CodingSet read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("coding recall set not found: " + file);
    }
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    if (!root.path("memories").isArray() || !root.path("queries").isArray()) {
      throw new IllegalArgumentException(file + ": expected an object with 'memories' and 'queries' arrays");
    }
    List<RecallDocument> memories = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (JsonNode m : root.path("memories")) {
      String name = text(m, "name", file);
      if (!names.add(name)) {
        throw new IllegalArgumentException(file + ": two memories are called " + name);
      }
      memories.add(new RecallDocument(name, name, text(m, "description", file), text(m, "body", file),
          text(m, "type", file), new RecallDocument.Activity(DATED, Optional.empty(), 0), false, List.of()));
    }
    List<Query> queries = new ArrayList<>();
    for (JsonNode q : root.path("queries")) {
      Set<String> expected = new HashSet<>();
      for (JsonNode e : q.path("expected")) {
        if (!names.contains(e.asText())) {
          throw new IllegalArgumentException(file + ": query '" + q.path("query").asText() + "' expects "
              + e.asText() + ", which is not among the memories");
        }
        expected.add(e.asText());
      }
      queries.add(new Query(text(q, "query", file), Set.copyOf(expected), q.path("lang").asText("")));
    }
    return new CodingSet(List.copyOf(memories), List.copyOf(queries));
  }

  private static String text(JsonNode node, String field, Path file) {
    JsonNode v = node.path(field);
    if (!v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException(file + ": an entry has no '" + field + "': " + node);
    }
    return v.asText();
  }
}
