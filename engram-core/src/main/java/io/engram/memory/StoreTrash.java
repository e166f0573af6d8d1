package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * One store's trash as the store uses it ({@link Trash} is the folder itself): a memory forgotten into it or
 * restored from it together with its MEMORY.md line and a recorded version, its entries listed and purged, and
 * what killed writers left swept into it, every change under the lock the caller holds.
 */
final class StoreTrash {
  private final Path dir;
  private final MemoryScope scope;
  private final MemorySettings settings;
  private final Clock clock;
  private final NameCache names;
  private final IndexFile index;
  private final MemoryHistory history;
  private final SecretRedactor redactor;
  private final Trash trash;

  StoreTrash(Path dir, MemoryScope scope, MemorySettings settings, Clock clock, NameCache names,
      IndexFile index, MemoryHistory history, SecretRedactor redactor) {
    this.dir = dir;
    this.scope = scope;
    this.settings = settings;
    this.clock = clock;
    this.names = names;
    this.index = index;
    this.history = history;
    this.redactor = redactor;
    this.trash = new Trash(dir, clock);
  }

  /**
   * Moves the memory called {@code name} (or listed so: {@link NameQuery}) and its index line to the trash, then
   * purges what is past retention; its version is recorded under the name it was stored by.
   */
  Forgotten forget(String asked, ChangedBy by) throws IOException {
    Path file = names.locate(asked)
        .orElseThrow(() -> new NoSuchMemoryException("no memory named '" + asked + "' in " + dir));
    Optional<String> before = history.textOf(Optional.of(file));
    String name = before.flatMap(text -> storedName(text, file)).orElse(asked);
    String fileName = file.getFileName().toString();
    String text = index.read();
    String line = MemoryIndex.lineFor(text, fileName).orElse("");
    Path trashed = trash.put(file, line);
    names.forget(file);
    index.write(MemoryIndex.remove(text, fileName));
    if (before.isPresent()) {
      history.record(name, by, MemoryVersion.Change.FORGOTTEN, before, before.get());
    }
    trash.purge(settings.trashRetentionDays());
    return new Forgotten(name, file, trashed);
  }

  /** Brings back the newest trashed memory called {@code name} (or listed so), with its index line, where it was. */
  StoredMemory restore(String name, ChangedBy by) throws IOException {
    return restore(trash.newest(NameQuery.of(name, redactor), redactor, settings.maxTopicBytes())
        .orElseThrow(() -> new NoSuchMemoryException("no trashed memory named '" + name + "' in " + dir)), by);
  }

  /** The name the newest trashed memory called {@code name} (or listed so) was stored by. */
  Optional<String> newestName(String name) throws IOException {
    return trash.newest(NameQuery.of(name, redactor), redactor, settings.maxTopicBytes()).map(e -> e.memory().name());
  }

  /** Brings back the entry stored as {@code trashFile}, whichever other entries have its name. */
  StoredMemory restoreEntry(String trashFile, ChangedBy by) throws IOException {
    return restore(trash.list(settings.maxTopicBytes()).stream()
        .filter(e -> e.file().getFileName().toString().equals(trashFile)).findFirst()
        .orElseThrow(() -> new NoSuchMemoryException("no trash entry '" + trashFile + "' in " + dir)), by);
  }

  private StoredMemory restore(Trash.Entry entry, ChangedBy by) throws IOException {
    String name = entry.memory().name();
    Path target = dir.resolve(entry.originalFileName());
    if (Files.exists(target) || names.locate(entry.memory().name()).isPresent()) {
      throw new IOException("cannot restore '" + name + "': a memory with that name or file now exists at "
          + target + "; forget it first");
    }
    trash.takeBack(entry, target);
    names.remember(target, entry.memory().name());
    String line = entry.indexLine().isBlank() ? MemoryIndex.line(entry.memory(), entry.originalFileName())
        : entry.indexLine();
    index.write(MemoryIndex.upsert(index.read(), entry.originalFileName(), line));
    Optional<String> restored = history.textOf(Optional.of(target));
    if (restored.isPresent()) {
      history.record(entry.memory().name(), by, MemoryVersion.Change.RESTORED, Optional.empty(), restored.get());
    }
    return new StoredMemory(entry.memory(), target, scope);
  }

  // The name in the file's own frontmatter; empty when it no longer reads as a memory (then the name asked is used).
  private static Optional<String> storedName(String text, Path file) {
    try {
      return Optional.of(MemoryFormat.parse(text, file).name()).filter(MemoryNames::isValid);
    } catch (InvalidMemoryException e) {
      return Optional.empty();
    }
  }

  /** What the trash holds, newest first; a listing, so it needs no lock. */
  List<TrashedMemory> list() throws IOException {
    return trash.list(settings.maxTopicBytes()).stream()
        .map(e -> new TrashedMemory(e.memory(), scope, e.trashedAt(), e.file())).toList();
  }

  /** Deletes the entries older than {@code memory.trashRetentionDays}. */
  List<Path> purge() throws IOException {
    return trash.purge(settings.trashRetentionDays());
  }

  /** Clears what interrupted writes left in the directory (see {@link Leftovers}). */
  List<Leftover> sweepLeftovers() throws IOException {
    return Leftovers.sweep(dir, trash, clock);
  }
}
