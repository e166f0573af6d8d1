package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.ErrorText;
import io.engram.fs.SymbolicLinks;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one store directory reads (a memory by name, the listing with every problem it finds, the index a session
 * loads), taking no lock and never rewriting a file: a bad one is reported and left as it is.
 */
final class StoreReader {
  private final Path dir;
  private final MemoryScope scope;
  private final MemorySettings settings;
  private final Clock clock;
  private final NameCache names;
  private final MemoryFileCache parsed;
  private final IndexFile index;
  private final MemoryChanges changes;

  StoreReader(Path dir, MemoryScope scope, MemorySettings settings, Clock clock, NameCache names,
      MemoryFileCache parsed, IndexFile index, MemoryChanges changes) {
    this.dir = dir;
    this.scope = scope;
    this.settings = settings;
    this.clock = clock;
    this.names = names;
    this.parsed = parsed;
    this.index = index;
    this.changes = changes;
  }

  Optional<StoredMemory> read(String name) throws IOException {
    Optional<Path> file = names.locate(name);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new StoredMemory(shown(parsed.read(file.get(), settings.maxTopicBytes())), file.get(),
          scope));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /**
   * The listing, kept between calls while the events the store was opened with watch its directory and tell no change
   * since, and the directory and MEMORY.md are as they were (a listing of a team store, whose shown ages move on, is
   * never kept): a resident process then neither lists the directory nor looks at each file again.
   */
  MemoryListing list() throws IOException {
    Optional<MemoryFileCache.ListingStamp> stamp = scope != MemoryScope.TEAM && changes.watches(dir)
        ? MemoryFileCache.listingStamp(dir, index.path(), changes.version(dir)) : Optional.empty();
    Optional<MemoryListing> kept = stamp.flatMap(s -> parsed.listing(dir, s));
    if (kept.isPresent()) {
      return kept.get();
    }
    MemoryListing listing = read();
    stamp.ifPresent(s -> parsed.keepListing(dir, s, listing));
    return listing;
  }

  private MemoryListing read() throws IOException {
    List<StoredMemory> memories = new ArrayList<>();
    List<MemoryProblem> problems = new ArrayList<>();
    Map<String, Path> bySlug = new HashMap<>();
    NameCache.Scan scan = names.scan();
    List<Path> files = scan.topicFiles().stream().map(NameCache.Listed::path).toList();
    parsed.keepOnly(dir, files);
    for (NameCache.Listed listed : scan.topicFiles()) {
      Path file = listed.path();
      try {
        MemoryFileCache.Parsed p = parsed.parsed(file, listed.attributes(), settings.maxTopicBytes());
        Memory m = p.memory();
        if (p.slug().isEmpty()) {
          problems.add(new MemoryProblem(file, "name '" + m.name() + "' cannot be a memory name"));
          continue;
        }
        Path first = bySlug.putIfAbsent(p.slug().get(), file);
        if (first != null) {
          problems.add(new MemoryProblem(file, "same name as " + first.getFileName() + "; skipped"));
          continue;
        }
        memories.add(new StoredMemory(shown(m), file, scope));
      } catch (InvalidMemoryException e) {
        problems.add(e.problem());
      } catch (NoSuchFileException e) {
        // Forgotten by another process between listing and reading: not a problem.
      } catch (FileSystemException e) {
        // One file the process may not read (another user's, mode 000) is that file's problem, not the listing's:
        // it failed every list, recall and session start of the project with the file's path alone.
        problems.add(new MemoryProblem(file, "cannot be read: " + ErrorText.reason(e)));
      }
    }
    for (Path link : scan.links()) {
      problems.add(new MemoryProblem(link, SymbolicLinks.refusal(link)));
    }
    if (!index.isLink()) {
      problems.addAll(index.danglingLines(Set.copyOf(files)));
    }
    memories.sort(Comparator.comparing(StoredMemory::name));
    return new MemoryListing(memories, problems);
  }

  IndexText indexText() throws IOException {
    IndexLineReader lines = indexLines(settings);
    index.readInto(lines);
    return lines.text();
  }

  /** A reader of index lines within the bounds of {@code settings}. */
  static IndexLineReader indexLines(MemorySettings settings) {
    return new IndexLineReader(settings.indexMaxLines(), settings.indexMaxBytes(), settings.indexMaxLineBytes());
  }

  /** A team memory as read: with the line that says who shared it and how old it is (the file keeps its body). */
  private Memory shown(Memory m) {
    return scope == MemoryScope.TEAM ? TeamAttribution.attributed(m, clock.instant()) : m;
  }
}
