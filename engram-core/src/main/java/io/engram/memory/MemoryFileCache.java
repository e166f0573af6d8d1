package io.engram.memory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Topic files already parsed, so that a process which opens a store for every call (the resident service)
 * reads and parses only the files that changed since it last saw them. A file is taken as unchanged while
 * its file key (the inode: every atomic write makes a new one), modification time and size are the same,
 * so whatever another process wrote is read again; the index file's entries likewise. Invalid files are not
 * kept: they are parsed each time and reported as such. Thread-safe; shared by stores of any number of directories.
 */
public final class MemoryFileCache {
  record Stamp(Object fileKey, long modifiedNanos, long size) {}

  /** A parsed topic file: the memory, and the slug of its name (empty when the name cannot be a memory's). */
  record Parsed(Stamp stamp, Memory memory, Optional<String> slug) {
    static Parsed of(Stamp stamp, Memory memory) {
      return new Parsed(stamp, memory,
          MemoryNames.isValid(memory.name()) ? Optional.of(MemoryNames.slug(memory.name())) : Optional.empty());
    }
  }

  private final Map<Path, Map<Path, Parsed>> byDirectory = new ConcurrentHashMap<>();
  private final Map<Path, IndexEntries> indexes = new ConcurrentHashMap<>();

  private record IndexEntries(Stamp stamp, List<MemoryIndex.Entry> entries) {}

  /** An empty cache. */
  public MemoryFileCache() {}

  /** The memory in {@code file} (as {@link MemoryFormat#read}), parsed again only when the file changed. */
  Memory read(Path file, long maxBytes) throws IOException {
    return parsed(file, maxBytes).memory();
  }

  /** {@link #read}, with the slug of the memory's name. */
  Parsed parsed(Path file, long maxBytes) throws IOException {
    return parsed(file, Files.readAttributes(file, BasicFileAttributes.class), maxBytes);
  }

  /** {@link #parsed(Path, long)} for a file whose attributes were just read (by a listing of its directory). */
  Parsed parsed(Path file, BasicFileAttributes attributes, long maxBytes) throws IOException {
    Stamp stamp = stamp(file, attributes);
    Map<Path, Parsed> files = byDirectory.computeIfAbsent(directoryOf(file), d -> new ConcurrentHashMap<>());
    Parsed seen = files.get(file);
    if (seen != null && seen.stamp().equals(stamp)) {
      return seen;
    }
    files.remove(file);
    Parsed parsed = Parsed.of(stamp, MemoryFormat.read(file, maxBytes));
    files.put(file, parsed);
    return parsed;
  }

  /**
   * The entries of the index file {@code index} ({@code MEMORY.md}; none when it is missing), parsed again only
   * when it changed. The caller has refused a link.
   */
  List<MemoryIndex.Entry> indexEntries(Path index) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(index, BasicFileAttributes.class);
    } catch (java.nio.file.NoSuchFileException e) {
      indexes.remove(index);
      return List.of();
    }
    Stamp stamp = stamp(index, a);
    IndexEntries seen = indexes.get(index);
    if (seen != null && seen.stamp().equals(stamp)) {
      return seen.entries();
    }
    List<MemoryIndex.Entry> entries =
        List.copyOf(MemoryIndex.entries(Files.readString(index, java.nio.charset.StandardCharsets.UTF_8)));
    indexes.put(index, new IndexEntries(stamp, entries));
    return entries;
  }

  private static Stamp stamp(Path file, BasicFileAttributes a) {
    return new Stamp(a.fileKey() == null ? file : a.fileKey(),
        a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS), a.size());
  }

  /** Forgets the files of {@code dir} that are not among {@code present} (deleted or renamed since). */
  void keepOnly(Path dir, Collection<Path> present) {
    Map<Path, Parsed> files = byDirectory.get(dir);
    if (files != null) {
      Set<Path> keep = Set.copyOf(present);
      files.keySet().removeIf(f -> !keep.contains(f));
    }
  }

  /** How many parsed files are kept. */
  public int size() {
    return byDirectory.values().stream().mapToInt(Map::size).sum();
  }

  private static Path directoryOf(Path file) {
    return Objects.requireNonNullElse(file.getParent(), file);
  }
}
