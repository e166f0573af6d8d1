package io.engram.recall;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An on-disk search index for tests: the entries (vectors included) as JSON in {@code dir/entries.json},
 * searched through an {@link InMemorySearchIndex}. Opening a damaged file throws, as a corrupt Lucene index
 * does. {@link FileBackedIndexTest} holds it to the {@link SearchIndex} contract.
 */
final class FileBackedIndex implements SearchIndex {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** How many entries all instances have (re-)indexed, to check that only changes are re-indexed. */
  static final AtomicInteger UPSERTS = new AtomicInteger();

  /** One entry as stored; an empty {@code vector} stands for none. */
  record Stored(String id, String hash, String name, String description, String body, float[] vector) {
    Entry entry() {
      return new Entry(id, hash, name, description, body, vector.length == 0 ? Optional.empty() : Optional.of(vector));
    }
  }

  private final Path file;
  private final Map<String, Stored> entries = new LinkedHashMap<>();
  private final InMemorySearchIndex search = new InMemorySearchIndex();

  private FileBackedIndex(Path dir) {
    this.file = dir.resolve("entries.json");
    try {
      Files.createDirectories(dir);
      if (Files.exists(file)) {
        List<Stored> list = JSON.readValue(file.toFile(), new TypeReference<List<Stored>>() {});
        for (Stored s : list) {
          entries.put(s.id(), s);
          search.upsert(s.entry());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  static FileBackedIndex open(Path dir) {
    return new FileBackedIndex(dir);
  }

  @Override
  public void upsert(Entry entry) {
    UPSERTS.incrementAndGet();
    entries.put(entry.id(), new Stored(entry.id(), entry.contentHash(), entry.name(), entry.description(), entry.body(),
        entry.vector().map(float[]::clone).orElse(new float[0])));
    search.upsert(entry);
  }

  @Override
  public void remove(String id) {
    entries.remove(id);
    search.remove(id);
  }

  @Override
  public Map<String, String> contentHashes() {
    return search.contentHashes();
  }

  @Override
  public List<Hit> keywordSearch(String query, int limit) {
    return search.keywordSearch(query, limit);
  }

  @Override
  public Map<String, Double> keywordCoverage(String query, java.util.Collection<String> ids) {
    return search.keywordCoverage(query, ids);
  }

  @Override
  public List<Hit> vectorSearch(float[] vector, int limit) {
    return search.vectorSearch(vector, limit);
  }

  @Override
  public void commit() {
    try {
      Files.writeString(file, JSON.writeValueAsString(new ArrayList<>(entries.values())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
