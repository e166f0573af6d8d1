package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SymbolicLinks;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A {@link DirectoryStore}'s write of one memory: checked and redacted, staged before the directory's lock, renamed
 * into place under it with MEMORY.md's line, put back as it was when the index cannot follow, the version recorded
 * ({@link MemoryHistory}), and every write told to the change events and the write listener. The store refuses a
 * write to the team mirror before it comes here.
 */
final class StoreWriter {
  private final Path dir;
  private final MemoryScope scope;
  private final MemorySettings settings;
  private final SecretRedactor redactor;
  private final Clock clock;
  private final NameCache names;
  private final IndexFile index;
  private final MemoryHistory history;
  private final MemoryChanges changes;
  private final MemoryWriteListener listener;

  StoreWriter(Path dir, MemoryScope scope, MemorySettings settings, SecretRedactor redactor, Clock clock,
      NameCache names, IndexFile index, MemoryHistory history, MemoryChanges changes, MemoryWriteListener listener) {
    this.dir = dir;
    this.scope = scope;
    this.settings = settings;
    this.redactor = redactor;
    this.clock = clock;
    this.names = names;
    this.index = index;
    this.history = history;
    this.changes = changes;
    this.listener = listener;
  }

  /**
   * Writes {@code memory} (its secrets redacted) as {@code by} changed it, recording the version; an import keeps the
   * memory's own {@code updated} and gives a memory new here {@code earlier} as the first versions of its history.
   */
  Saved write(Memory memory, ChangedBy by, List<MemoryVersion> earlier) throws IOException {
    Memory text = memory.toBuilder().description(MemoryTextException.withLineFeeds(memory.description()))
        .body(MemoryTextException.withLineFeeds(memory.body())).build();
    MemoryTextException.check(text);
    RedactedMemory redacted = RedactedMemory.of(text, redactor);
    if (!redacted.nameKinds().isEmpty()) {
      // Redacted, ghp_A... and ghp_B... are one name: the second write would silently replace the first memory.
      throw InvalidMemoryNameException.holdsSecret(redacted.nameKinds());
    }
    Memory clean = redacted.memory();
    String slug = MemoryNames.slug(clean.name());
    MemoryTooLargeException.check(clean, settings.maxMemoryBytes());
    // Refused before anything is written: the index is rewritten after the topic file lands.
    SymbolicLinks.refuseBelow(dir, index.path());
    // The topic file is staged (written and fsynced) before the lock, so that concurrent writers
    // overlap their slowest step; under the lock it is only renamed into place, or rewritten when
    // another writer changed the stored 'created' in between.
    Instant now = clock.instant();
    boolean keepsUpdated = by == ChangedBy.IMPORT;
    Memory staged = stamped(clean, stored(names.locate(clean.name())), now, keepsUpdated);
    Path staging = dir.resolve(Leftovers.stagingName(UUID.randomUUID().toString()));
    AtomicFiles.writeString(staging, MemoryFormat.format(staged));
    Saved saved;
    try (FileLock lock = DirectoryStore.lock(dir)) {
      Optional<Path> existing = names.locate(clean.name());
      Path target = existing.orElseGet(() -> names.freeFile(slug));
      Optional<Memory> before = stored(existing);
      if (before.isPresent() && !before.get().name().equals(clean.name())) {
        if (!MemoryNames.slug(before.get().name()).equals(slug)) {
          // Found only as listed: the name the memory shows under, its own holding a secret (NameQuery).
          throw InvalidMemoryNameException.listedAs(clean.name());
        }
        // Deploy Order, deploy-order and deploy_order map to one file: a write never replaces another's memory.
        throw InvalidMemoryNameException.taken(clean.name(), target.getFileName().toString(), before.get().name());
      }
      Memory stamped = stamped(clean, before, now, keepsUpdated);
      Optional<String> previousText = history.textOf(existing);
      ReplacedFile previous = ReplacedFile.keep(dir, target);
      try {
        if (stamped.equals(staged)) {
          Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
          AtomicFiles.writeString(target, MemoryFormat.format(stamped));
        }
        String fileName = target.getFileName().toString();
        String current = index.withUnindexedFiles(index.read(), target);
        String line = MemoryIndex.lineIn(current, stamped, fileName);
        // Also makes the topic file's rename durable: both live in this directory.
        index.write(MemoryIndex.upsert(current, fileName, line));
      } catch (IOException | RuntimeException e) {
        // A full disk fails the index after the topic file is in place: put the file back as it was, so
        // the store holds what it held before and MEMORY.md names exactly its files.
        previous.putBack(e);
        throw e;
      } finally {
        previous.release();
      }
      names.remember(target, stamped.name());
      if (existing.isEmpty() && !earlier.isEmpty()) {
        history.adopt(stamped.name(), earlier);
      }
      history.record(stamped.name(), by, existing.isEmpty() ? MemoryVersion.Change.CREATED
          : MemoryVersion.Change.EDITED, previousText, MemoryFormat.format(stamped));
      saved = new Saved(new StoredMemory(stamped, target, scope), existing.isEmpty(), redacted.kinds());
    } finally {
      Files.deleteIfExists(staging);
    }
    // Every write passes here, whichever caller made it (CLI, extraction, MCP, hooks, the dream), so
    // the listener hears each one: the dream counts the sessions that touched memory this way. An import
    // is not: its memories' sessions worked elsewhere, and a large import would open the dream's session gate.
    changes.publish(new MemoryChange(dir, saved.stored().name(), MemoryChange.Kind.WRITTEN));
    if (by != ChangedBy.IMPORT) {
      listener.written(dir, saved, now);
    }
    return saved;
  }

  /** The {@code created} of the memory stored in {@code file}; refuses (throws) when the file is unreadable. */
  private Optional<Memory> stored(Optional<Path> file) throws IOException {
    if (file.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(MemoryFormat.read(file.get(), settings.maxTopicBytes()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  // The stored 'created' stands; the recall fields belong to the store (markRecalled), so a writer that read
  // them before a concurrent mark never takes that mark back: each keeps the later of the two.
  private static Memory stamped(Memory m, Optional<Memory> stored, Instant now, boolean keepsUpdated) {
    Memory.Builder b = m.toBuilder()
        .created(stored.flatMap(Memory::created).or(m::created).orElse(now))
        .updated(keepsUpdated ? m.updated().orElse(now) : now);
    if (stored.isPresent()) {
      Memory s = stored.get();
      b.recallCount(Math.max(m.recallCount(), s.recallCount()));
      Stream.of(s.lastRecalled(), m.lastRecalled()).flatMap(Optional::stream)
          .max(Comparator.naturalOrder()).ifPresent(b::lastRecalled);
    }
    return b.build();
  }
}
