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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * One memory directory: topic files, MEMORY.md ({@link IndexFile}), the trash ({@link StoreTrash}); see {@link
 * MemoryStore} for the contracts. Every change takes the directory's lock here; reads ({@link StoreReader}) take none.
 */
final class DirectoryStore implements MemoryStore {
  static final String LOCK_FILE = ".engram-lock";

  private final Path dir;
  private final MemoryScope scope;
  private final MemorySettings settings;
  private final SecretRedactor redactor;
  private final Clock clock;
  private final NameCache names;
  private final IndexFile index;
  private final StoreReader reader;
  private final StoreTrash trash;
  private final MemoryWriteListener listener;
  private final MemoryChanges changes;
  private final MemoryHistory history;

  DirectoryStore(Path dir, MemoryScope scope, MemorySettings settings, SecretRedactor redactor, Clock clock,
      MemoryWriteListener listener) {
    this(dir, scope, settings, redactor, clock, listener, new MemoryFileCache());
  }

  DirectoryStore(Path dir, MemoryScope scope, MemorySettings settings, SecretRedactor redactor, Clock clock,
      MemoryWriteListener listener, MemoryFileCache parsed) {
    this(dir, scope, settings, redactor, clock, listener, parsed, new MemoryChanges());
  }

  DirectoryStore(Path dir, MemoryScope scope, MemorySettings settings, SecretRedactor redactor, Clock clock,
      MemoryWriteListener listener, MemoryFileCache parsed, MemoryChanges changes) {
    this.dir = dir.toAbsolutePath().normalize();
    this.scope = scope;
    this.settings = settings;
    this.redactor = redactor;
    this.clock = clock;
    this.names = new NameCache(this.dir, settings.maxTopicBytes(), parsed);
    this.index = new IndexFile(this.dir, names, parsed, settings.maxTopicBytes());
    this.reader = new StoreReader(this.dir, scope, settings, clock, names, parsed, index, changes);
    this.listener = listener;
    this.changes = changes;
    // Under watching events (few: one a long-running process) the parsed files follow what the watch reports.
    if (scope != MemoryScope.TEAM && changes.watch(this.dir)) {
      parsed.follow(changes);
    }
    this.history = MemoryHistory.of(this.dir, settings, redactor, clock);
    this.trash = new StoreTrash(this.dir, scope, settings, clock, names, index, history);
  }

  Path directory() {
    return dir;
  }

  int maxIndexLines() {
    return settings.indexMaxLines();
  }

  int maxIndexBytes() {
    return settings.indexMaxBytes();
  }

  @Override
  public Saved write(Memory memory, ChangedBy by) throws IOException {
    return write(memory, by, List.of());
  }

  /**
   * Writes {@code memory} as an import does: its own {@code updated} is kept (an import changes where a memory lives,
   * not when it was last changed), and when the store has no history of it yet, {@code earlier} (its versions where it
   * came from, oldest first) become the first versions of its history here.
   */
  Saved adopt(Memory memory, List<MemoryVersion> earlier) throws IOException {
    return write(memory, ChangedBy.IMPORT, earlier);
  }

  private Saved write(Memory memory, ChangedBy by, List<MemoryVersion> earlier) throws IOException {
    readOnlyWhenTeam();
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
    try (FileLock lock = lock()) {
      Optional<Path> existing = names.locate(clean.name());
      Path target = existing.orElseGet(() -> names.freeFile(slug));
      Optional<Memory> before = stored(existing);
      if (before.isPresent() && !before.get().name().equals(clean.name())) {
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
    // the listener hears each one: the dream counts the sessions that touched memory this way.
    changes.publish(new MemoryChange(dir, saved.stored().name(), MemoryChange.Kind.WRITTEN));
    listener.written(dir, saved, now);
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

  @Override
  public Optional<StoredMemory> read(String name) throws IOException {
    return reader.read(name);
  }

  @Override
  public MemoryListing list() throws IOException {
    return reader.list();
  }

  @Override
  public Forgotten forget(String name, ChangedBy by) throws IOException {
    readOnlyWhenTeam();
    Forgotten forgotten;
    try (FileLock lock = lock()) {
      forgotten = trash.forget(name, by);
    }
    changes.publish(new MemoryChange(dir, forgotten.name(), MemoryChange.Kind.FORGOTTEN));
    return forgotten;
  }

  @Override
  public StoredMemory restore(String name, ChangedBy by) throws IOException {
    readOnlyWhenTeam();
    StoredMemory restored;
    try (FileLock lock = lock()) {
      restored = trash.restore(name, by);
    }
    changes.publish(new MemoryChange(dir, restored.name(), MemoryChange.Kind.RESTORED));
    return restored;
  }

  /** Brings back the trash entry stored as {@code trashFile} (a file name in the trash), under the lock. */
  StoredMemory restoreEntry(String trashFile, ChangedBy by) throws IOException {
    readOnlyWhenTeam();
    try (FileLock lock = lock()) {
      return trash.restoreEntry(trashFile, by);
    }
  }

  /**
   * Records that recall surfaced the memories called {@code wanted} at {@code when}: sets {@code
   * lastRecalled}, adds one to {@code recallCount}, and changes nothing else ({@code updated} stays, so
   * use is not mistaken for an edit), byte for byte: only those two frontmatter lines are edited
   * ({@link RecallUseEdit}), and a file whose frontmatter such an edit cannot handle is left unmarked. Under the store's lock, so a concurrent write is never lost;
   * names not in this store, and files that no longer read as memories, are skipped.
   *
   * @return the names of the memories marked
   */
  List<String> markRecalled(java.util.Collection<String> wanted, Instant when) throws IOException {
    if (wanted.isEmpty() || scope == MemoryScope.TEAM || !Files.isDirectory(dir)) {
      return new ArrayList<>();
    }
    try (FileLock lock = lock()) {
      return RecallUseEdit.mark(names, wanted, when, settings.maxTopicBytes());
    }
  }

  /** The recorded versions of the memory called {@code name}, oldest first (see {@link MemoryHistory}). */
  List<MemoryVersion> history(String name) throws IOException {
    return history.versions(name);
  }

  /** What the trash holds, newest first (read without the lock: a listing, like {@link #list()}). */
  List<TrashedMemory> trashed() throws IOException {
    return trash.list();
  }

  @Override
  public List<Path> purgeTrash() throws IOException {
    if (scope == MemoryScope.TEAM) {
      return List.of();
    }
    try (FileLock lock = lock()) {
      trash.sweepLeftovers();
      return trash.purge();
    }
  }

  /**
   * Clears what interrupted writes left here (see {@link Leftovers}): staging files to the trash, temporary
   * files deleted; the lock is taken only when there is something to look at, so an open stays cheap.
   */
  List<Leftover> sweepLeftovers() throws IOException {
    if (Leftovers.candidates(dir).isEmpty()) {
      return List.of();
    }
    try (FileLock lock = lock()) {
      return trash.sweepLeftovers();
    }
  }

  @Override
  public IndexText indexText() throws IOException {
    return reader.indexText();
  }

  /** MEMORY.md's text, "" when there is none; refuses (throws) when it is a symbolic link. */
  String readIndex() throws IOException {
    return index.read();
  }

  // Team sync alone writes the mirror (under this directory's lock, through AtomicFiles); a store never does.
  private void readOnlyWhenTeam() {
    if (scope == MemoryScope.TEAM) {
      throw new IllegalStateException("the team memory in " + dir + " is read-only: it changes through team sync");
    }
  }

  private FileLock lock() throws IOException {
    Files.createDirectories(dir);
    return FileLock.acquire(dir.resolve(LOCK_FILE));
  }
}
