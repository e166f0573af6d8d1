package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.FileLock;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One memory directory: topic files, MEMORY.md ({@link IndexFile}), the trash ({@link StoreTrash}); see {@link
 * MemoryStore} for the contracts. Every change takes the directory's lock here (a write's steps are {@link
 * StoreWriter}'s); reads ({@link StoreReader}) take none.
 */
final class DirectoryStore implements MemoryStore {
  static final String LOCK_FILE = ".engram-lock";

  private final Path dir;
  private final MemoryScope scope;
  private final MemorySettings settings;
  private final SecretRedactor redactor;
  private final NameCache names;
  private final IndexFile index;
  private final StoreReader reader;
  private final StoreTrash trash;
  private final MemoryChanges changes;
  private final MemoryHistory history;
  private final StoreWriter writer;

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
    this.names = new NameCache(this.dir, settings.maxTopicBytes(), parsed, redactor);
    this.index = new IndexFile(this.dir, names, parsed, settings.maxTopicBytes(),
        settings.indexMaxReadBytes(), redactor);
    this.reader = new StoreReader(this.dir, scope, settings, clock, names, parsed, index, changes);
    this.changes = changes;
    // Under watching events (few: one a long-running process) the parsed files follow what the watch reports.
    if (scope != MemoryScope.TEAM && changes.watch(this.dir)) {
      parsed.follow(changes);
    }
    this.history = MemoryHistory.of(this.dir, settings, redactor, clock);
    this.trash = new StoreTrash(this.dir, scope, settings, clock, names, index, history, redactor);
    this.writer = new StoreWriter(this.dir, scope, settings, redactor, clock, names, index, history, changes, listener);
  }

  Path directory() {
    return dir;
  }

  /** A reader of index lines within this store's bounds, for an index read over several stores. */
  IndexLineReader indexLines() {
    return StoreReader.indexLines(settings);
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
    return writer.write(memory, by, earlier);
  }

  @Override
  public Optional<StoredMemory> read(String name) throws IOException {
    // The mirror holds team memories under their redacted names: a name typed with its secret finds them too.
    return reader.read(scope == MemoryScope.TEAM ? TeamMirror.teamName(name, redactor) : name);
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

  /**
   * The recorded versions of the memory called {@code name}, oldest first (see {@link MemoryHistory}): kept under the
   * name it is stored by, which a lookup by the name its listing shows finds here or in the trash.
   */
  List<MemoryVersion> history(String name) throws IOException {
    if (!MemoryNames.isValid(name)) {
      return List.of(); // no memory can have had that name
    }
    Optional<String> stored = read(name).map(StoredMemory::name);
    if (stored.isEmpty() && scope != MemoryScope.TEAM) {
      stored = trash.newestName(name);
    }
    return history.versions(stored.orElse(name));
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

  /** Reads MEMORY.md's lines into {@code lines}, after those read before (nothing when none or linked). */
  void readIndexInto(IndexLineReader lines) throws IOException {
    index.readInto(lines);
  }

  // Team sync alone writes the mirror (under this directory's lock, through AtomicFiles); a store never does.
  private void readOnlyWhenTeam() {
    if (scope == MemoryScope.TEAM) {
      throw new IllegalStateException("the team memory in " + dir + " is read-only: it changes through team sync");
    }
  }

  private FileLock lock() throws IOException {
    return lock(dir);
  }

  /** Takes the lock of the memory directory {@code dir}, which every change to it holds. */
  static FileLock lock(Path dir) throws IOException {
    Files.createDirectories(dir);
    return FileLock.acquire(dir.resolve(LOCK_FILE));
  }
}
