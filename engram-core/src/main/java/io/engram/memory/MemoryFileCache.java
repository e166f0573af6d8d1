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
 * so whatever another process wrote is read again; the index file's entries likewise. A file seen while its
 * modification time was still recent (within {@link #RACY_NANOS}: an edit in place within the same tick of a
 * coarse file-system clock, of the same size, would leave all three as they were) is trusted only after a
 * checksum of its bytes matches, until that time is old enough to be final. Invalid files are not
 * kept: they are parsed each time and reported as such. Thread-safe; shared by stores of any number of directories.
 */
public final class MemoryFileCache {
  /** How recent a modification time must be for the file to be checked by its bytes (coarse clocks tick in 1-2 s). */
  static final long RACY_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(3);

  /**
   * What a file looked like when parsed.
   *
   * @param fileKey its inode (or its path when the file system has none)
   * @param modifiedNanos its modification time
   * @param size its size
   * @param checksum the CRC-32 of its bytes when its modification time was recent, else -1 (not needed)
   */
  record Stamp(Object fileKey, long modifiedNanos, long size, long checksum) {
    boolean racy() {
      return checksum >= 0;
    }

    /** True when {@code now} describes the same file: same attributes and, while racy, the same bytes. */
    boolean sameFile(Stamp now, Path file) throws IOException {
      return fileKey.equals(now.fileKey) && modifiedNanos == now.modifiedNanos && size == now.size
          && (!racy() || checksum == (now.racy() ? now.checksum : MemoryFileCache.checksum(file)));
    }
  }

  /** A parsed topic file: the memory, and the slug of its name (empty when the name cannot be a memory's). */
  record Parsed(Stamp stamp, Memory memory, Optional<String> slug) {
    static Parsed of(Stamp stamp, Memory memory) {
      return new Parsed(stamp, memory,
          MemoryNames.isValid(memory.name()) ? Optional.of(MemoryNames.slug(memory.name())) : Optional.empty());
    }
  }

  private final Map<Path, Map<Path, Parsed>> byDirectory = new ConcurrentHashMap<>();
  private final Map<Path, KeptEntries> indexes = new ConcurrentHashMap<>();
  private final Map<Path, KeptListing> listings = new ConcurrentHashMap<>();
  private final Set<MemoryChanges> followed = java.util.Collections.newSetFromMap(
      java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>()));
  private final java.util.concurrent.atomic.AtomicLong listingsKept = new java.util.concurrent.atomic.AtomicLong();

  /**
   * What a directory's listing was made from: the count of its changes told by the watching events, and its own and
   * MEMORY.md's stamps (a rename into it, a file added or removed changes the directory's).
   */
  record ListingStamp(long version, Object directoryKey, long directoryNanos, Object indexKey, long indexNanos,
      long indexSize) {}

  private record KeptListing(ListingStamp stamp, MemoryListing listing) {}

  private record KeptEntries(Stamp stamp, IndexEntries entries) {}

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
    if (seen != null && seen.stamp().sameFile(stamp, file)) {
      if (seen.stamp().racy() && !stamp.racy()) {
        seen = new Parsed(stamp, seen.memory(), seen.slug()); // its time is final now: the attributes suffice
        files.put(file, seen);
      }
      return seen;
    }
    files.remove(file);
    Parsed parsed = Parsed.of(stamp, MemoryFormat.read(file, maxBytes));
    files.put(file, parsed);
    return parsed;
  }

  /**
   * The entries of the index file {@code index} ({@code MEMORY.md}; none when it is missing) in its first {@code
   * maxBytes} bytes, parsed again only when it changed. Past the bound (a huge or damaged file) only the whole lines
   * within it are read, and the answer says where the reading stopped. The caller has refused a link.
   */
  IndexEntries indexEntries(Path index, long maxBytes) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(index, BasicFileAttributes.class);
    } catch (java.nio.file.NoSuchFileException e) {
      indexes.remove(index);
      return IndexEntries.NONE;
    }
    Stamp stamp = stamp(index, a);
    KeptEntries seen = indexes.get(index);
    if (seen != null && seen.stamp().sameFile(stamp, index) && seen.entries().maxBytes() == maxBytes) {
      if (seen.stamp().racy() && !stamp.racy()) {
        indexes.put(index, new KeptEntries(stamp, seen.entries()));
      }
      return seen.entries();
    }
    IndexEntries entries = IndexEntries.read(index, maxBytes);
    indexes.put(index, new KeptEntries(stamp, entries));
    return entries;
  }

  // The checksum is taken before the file is parsed: a write in between makes it differ next time, never match.
  private static Stamp stamp(Path file, BasicFileAttributes a) throws IOException {
    long modified = a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
    long now = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
    boolean racy = now - modified < RACY_NANOS;
    return new Stamp(a.fileKey() == null ? file : a.fileKey(), modified, a.size(), racy ? checksum(file) : -1);
  }

  private static long checksum(Path file) throws IOException {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    try (java.io.InputStream in = Files.newInputStream(file)) {
      byte[] block = new byte[1 << 13];
      for (int n = in.read(block); n > 0; n = in.read(block)) {
        crc.update(block, 0, n);
      }
    }
    return crc.getValue();
  }

  /**
   * The stamp of {@code dir}'s listing now, {@code version} being its count of changes: empty when a listing made
   * now must not be kept (the directory or its index changed so recently that a coarse clock could hide the next
   * change).
   */
  static Optional<ListingStamp> listingStamp(Path dir, Path index, long version) throws IOException {
    BasicFileAttributes d;
    try {
      d = Files.readAttributes(dir, BasicFileAttributes.class);
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
    long now = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
    long dirNanos = d.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
    Object indexKey = "none";
    long indexNanos = 0;
    long indexSize = -1;
    try {
      BasicFileAttributes i = Files.readAttributes(index, BasicFileAttributes.class,
          java.nio.file.LinkOption.NOFOLLOW_LINKS);
      indexKey = i.fileKey() == null ? index : i.fileKey();
      indexNanos = i.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
      indexSize = i.size();
    } catch (java.nio.file.NoSuchFileException e) {
      // no index: the stamp says so
    }
    if (now - dirNanos < RACY_NANOS || now - indexNanos < RACY_NANOS) {
      return Optional.empty();
    }
    return Optional.of(new ListingStamp(version, d.fileKey() == null ? dir : d.fileKey(), dirNanos, indexKey,
        indexNanos, indexSize));
  }

  /** The listing of {@code dir} kept with {@code stamp}, when one was. */
  Optional<MemoryListing> listing(Path dir, ListingStamp stamp) {
    KeptListing kept = listings.get(dir);
    return kept != null && kept.stamp().equals(stamp) ? Optional.of(kept.listing()) : Optional.empty();
  }

  /** Keeps {@code listing} of {@code dir}, made from what {@code stamp} describes. */
  void keepListing(Path dir, ListingStamp stamp, MemoryListing listing) {
    listings.put(dir, new KeptListing(stamp, listing));
    listingsKept.incrementAndGet();
  }

  /** How many listings were kept so far (each made by reading the directory). */
  long listingsMade() {
    return listingsKept.get();
  }

  /**
   * From now on forgets what was parsed of a file {@code changes} tell changed (a report of the watch names the
   * file), so that an edit the file's stamp cannot show (in place, of the same size, its time put back) is read
   * again; once per events, however many stores are opened with them.
   */
  void follow(MemoryChanges changes) {
    if (followed.add(changes)) {
      changes.subscribe(change -> {
        Map<Path, Parsed> files = byDirectory.get(change.memoryDir());
        if (files != null) {
          files.remove(change.memoryDir().resolve(change.name() + ".md"));
        }
      });
    }
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
