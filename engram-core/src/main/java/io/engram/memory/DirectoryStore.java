package io.engram.memory;

import io.engram.config.EngramSettings;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SymbolicLinks;
import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/** One memory directory: topic files, MEMORY.md, the trash; see {@link MemoryStore} for the contracts. */
final class DirectoryStore implements MemoryStore {
  static final String LOCK_FILE = ".engram-lock";

  private final Path dir;
  private final MemoryScope scope;
  private final EngramSettings.Memory settings;
  private final SecretRedactor redactor;
  private final Clock clock;
  private final NameCache names;
  private final MemoryFileCache parsed;
  private final Trash trash;
  private final MemoryWriteListener listener;
  private final MemoryHistory history;

  DirectoryStore(Path dir, MemoryScope scope, EngramSettings.Memory settings, SecretRedactor redactor, Clock clock,
      MemoryWriteListener listener) {
    this(dir, scope, settings, redactor, clock, listener, new MemoryFileCache());
  }

  DirectoryStore(Path dir, MemoryScope scope, EngramSettings.Memory settings, SecretRedactor redactor, Clock clock,
      MemoryWriteListener listener, MemoryFileCache parsed) {
    this.dir = dir.toAbsolutePath().normalize();
    this.scope = scope;
    this.settings = settings;
    this.redactor = redactor;
    this.clock = clock;
    this.parsed = parsed;
    this.names = new NameCache(this.dir, settings.maxTopicBytes(), parsed);
    this.trash = new Trash(this.dir, clock);
    this.listener = listener;
    this.history = MemoryHistory.of(this.dir, settings, redactor, clock);
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
    readOnlyWhenTeam();
    Set<SecretKind> kinds = new LinkedHashSet<>();
    Memory clean = redacted(memory, kinds);
    String slug = MemoryNames.slug(clean.name());
    MemoryTooLargeException.check(clean, settings.maxMemoryBytes());
    // Refused before anything is written: the index is rewritten after the topic file lands.
    SymbolicLinks.refuseBelow(dir, dir.resolve(MemoryIndex.FILE_NAME));
    // The topic file is staged (written and fsynced) before the lock, so that concurrent writers
    // overlap their slowest step; under the lock it is only renamed into place, or rewritten when
    // another writer changed the stored 'created' in between.
    Instant now = clock.instant();
    Memory staged = stamped(clean, stored(names.locate(clean.name())), now);
    Path staging = dir.resolve(Leftovers.stagingName(UUID.randomUUID().toString()));
    AtomicFiles.writeString(staging, MemoryFormat.format(staged));
    Saved saved;
    try (FileLock lock = lock()) {
      Optional<Path> existing = names.locate(clean.name());
      Path target = existing.orElseGet(() -> names.freeFile(slug));
      Memory stamped = stamped(clean, stored(existing), now);
      Optional<String> before = text(existing);
      Optional<Path> previous = keepPrevious(target);
      try {
        if (stamped.equals(staged)) {
          Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
          AtomicFiles.writeString(target, MemoryFormat.format(stamped));
        }
        String fileName = target.getFileName().toString();
        String current = withUnindexedFiles(readIndex(), target);
        String line = MemoryIndex.lineIn(current, stamped, fileName);
        // Also makes the topic file's rename durable: both live in this directory.
        AtomicFiles.writeString(dir.resolve(MemoryIndex.FILE_NAME), MemoryIndex.upsert(current, fileName, line));
      } catch (IOException | RuntimeException e) {
        // A full disk fails the index after the topic file is in place: put the file back as it was, so
        // the store holds what it held before and MEMORY.md names exactly its files.
        restore(target, previous, e);
        throw e;
      } finally {
        if (previous.isPresent()) {
          Files.deleteIfExists(previous.get());
        }
      }
      names.remember(target, stamped.name());
      history.record(stamped.name(), by, existing.isEmpty() ? MemoryVersion.Change.CREATED
          : MemoryVersion.Change.EDITED, before, MemoryFormat.format(stamped));
      saved = new Saved(new StoredMemory(stamped, target, scope), existing.isEmpty(), new ArrayList<>(kinds));
    } finally {
      Files.deleteIfExists(staging);
    }
    // Every write passes here, whichever caller made it (CLI, extraction, MCP, hooks, the dream), so
    // the listener hears each one: the dream counts the sessions that touched memory this way.
    listener.written(dir, saved, now);
    return saved;
  }

  /**
   * {@code index} with a line appended for every topic file it does not name, {@code target} aside: a writer killed
   * between its topic file's rename and its index write leaves such a file, and the next write, under the same
   * lock, puts MEMORY.md back in step with the files. A file that does not read as a memory is left out (the
   * listing reports it). The directory is listed anyway by each write's name lookup.
   */
  private String withUnindexedFiles(String index, Path target) throws IOException {
    Set<String> named = new HashSet<>();
    for (MemoryIndex.Entry e : MemoryIndex.entries(index)) {
      named.add(e.fileName());
    }
    String out = index;
    for (Path file : names.topicFiles()) {
      String fileName = file.getFileName().toString();
      if (file.equals(target) || named.contains(fileName)) {
        continue;
      }
      try {
        out = MemoryIndex.upsert(out, fileName, MemoryIndex.line(parsed.read(file, settings.maxTopicBytes()), fileName));
      } catch (IOException | RuntimeException e) {
        // Not a readable memory: nothing to index.
      }
    }
    return out;
  }

  /**
   * A hard link to the file a write is about to replace, so a failed write can put it back; a link needs
   * no room for the bytes, so it is made even on a full disk. Empty for a new file, or where the file
   * system has no hard links.
   */
  private Optional<Path> keepPrevious(Path target) throws IOException {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    // Named as a temporary file, so that a killed writer's link is swept as one.
    Path link = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      Files.createLink(link, target);
      return Optional.of(link);
    } catch (UnsupportedOperationException | IOException e) {
      return Optional.empty();
    }
  }

  private static void restore(Path target, Optional<Path> previous, Exception failure) {
    try {
      if (previous.isPresent()) {
        Files.move(previous.get(), target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.deleteIfExists(target);
      }
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
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
  private static Memory stamped(Memory m, Optional<Memory> stored, Instant now) {
    Memory.Builder b = m.toBuilder()
        .created(stored.flatMap(Memory::created).or(m::created).orElse(now)).updated(now);
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

  @Override
  public MemoryListing list() throws IOException {
    List<StoredMemory> memories = new ArrayList<>();
    List<MemoryProblem> problems = new ArrayList<>();
    Map<String, Path> bySlug = new java.util.HashMap<>();
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
      }
    }
    for (Path link : scan.links()) {
      problems.add(new MemoryProblem(link, SymbolicLinks.refusal(link)));
    }
    if (!Files.isSymbolicLink(dir.resolve(MemoryIndex.FILE_NAME))) {
      problems.addAll(danglingIndexLines(Set.copyOf(files)));
    }
    memories.sort(java.util.Comparator.comparing(StoredMemory::name));
    return new MemoryListing(memories, problems);
  }

  @Override
  public Forgotten forget(String name, ChangedBy by) throws IOException {
    readOnlyWhenTeam();
    try (FileLock lock = lock()) {
      Path file = names.locate(name)
          .orElseThrow(() -> new NoSuchMemoryException("no memory named '" + name + "' in " + dir));
      Optional<String> before = text(Optional.of(file));
      String fileName = file.getFileName().toString();
      String index = readIndex();
      String line = MemoryIndex.lineFor(index, fileName).orElse("");
      Path trashed = trash.put(file, line);
      names.forget(file);
      AtomicFiles.writeString(dir.resolve(MemoryIndex.FILE_NAME), MemoryIndex.remove(index, fileName));
      if (before.isPresent()) {
        history.record(name, by, MemoryVersion.Change.FORGOTTEN, before, before.get());
      }
      trash.purge(settings.trashRetentionDays());
      return new Forgotten(name, file, trashed);
    }
  }

  @Override
  public StoredMemory restore(String name, ChangedBy by) throws IOException {
    readOnlyWhenTeam();
    try (FileLock lock = lock()) {
      Trash.Entry entry = trash.newest(name, settings.maxTopicBytes())
          .orElseThrow(() -> new NoSuchMemoryException("no trashed memory named '" + name + "' in " + dir));
      Path target = dir.resolve(entry.originalFileName());
      if (Files.exists(target) || names.locate(entry.memory().name()).isPresent()) {
        throw new IOException("cannot restore '" + name + "': a memory with that name or file now exists at "
            + target + "; forget it first");
      }
      trash.takeBack(entry, target);
      names.remember(target, entry.memory().name());
      String line = entry.indexLine().isBlank() ? MemoryIndex.line(entry.memory(), entry.originalFileName())
          : entry.indexLine();
      AtomicFiles.writeString(dir.resolve(MemoryIndex.FILE_NAME),
          MemoryIndex.upsert(readIndex(), entry.originalFileName(), line));
      Optional<String> restored = text(Optional.of(target));
      if (restored.isPresent()) {
        history.record(entry.memory().name(), by, MemoryVersion.Change.RESTORED, Optional.empty(), restored.get());
      }
      return new StoredMemory(entry.memory(), target, scope);
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
    List<String> marked = new ArrayList<>();
    if (wanted.isEmpty() || scope == MemoryScope.TEAM || !Files.isDirectory(dir)) {
      return marked;
    }
    try (FileLock lock = lock()) {
      for (String name : new LinkedHashSet<>(wanted)) {
        Optional<Path> file = names.locate(name);
        if (file.isEmpty()) {
          continue;
        }
        Memory m;
        String text;
        try {
          m = MemoryFormat.read(file.get(), settings.maxTopicBytes());
          text = Files.readString(file.get());
        } catch (InvalidMemoryException | NoSuchFileException e) {
          continue;
        }
        Optional<String> used = RecallUseEdit.apply(text, m, when, file.get());
        if (used.isPresent()) {
          AtomicFiles.writeString(file.get(), used.get());
          marked.add(m.name());
        }
      }
    }
    return marked;
  }

  /** The recorded versions of the memory called {@code name}, oldest first (see {@link MemoryHistory}). */
  List<MemoryVersion> history(String name) throws IOException {
    return history.versions(name);
  }

  /** The text of a topic file, empty when there is none; a file too large to be a memory is not read. */
  private Optional<String> text(Optional<Path> file) throws IOException {
    if (file.isEmpty()) {
      return Optional.empty();
    }
    try {
      if (Files.size(file.get()) > settings.maxTopicBytes()) {
        return Optional.empty();
      }
      return Optional.of(new String(Files.readAllBytes(file.get()), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** What the trash holds, newest first (read without the lock: a listing, like {@link #list()}). */
  List<TrashedMemory> trashed() throws IOException {
    return trash.list(settings.maxTopicBytes()).stream()
        .map(e -> new TrashedMemory(e.memory(), scope, e.trashedAt(), e.file())).toList();
  }

  @Override
  public List<Path> purgeTrash() throws IOException {
    if (scope == MemoryScope.TEAM) {
      return List.of();
    }
    try (FileLock lock = lock()) {
      Leftovers.sweep(dir, trash, clock);
      return trash.purge(settings.trashRetentionDays());
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
      return Leftovers.sweep(dir, trash, clock);
    }
  }

  @Override
  public IndexText indexText() throws IOException {
    // A linked index is not loaded into a session (list() reports it), rather than failing the session.
    String index = Files.isSymbolicLink(dir.resolve(MemoryIndex.FILE_NAME)) ? "" : readIndex();
    return IndexText.of(index, settings.indexMaxLines(), settings.indexMaxBytes());
  }

  /** MEMORY.md's text, "" when there is none; refuses (throws) when it is a symbolic link. */
  String readIndex() throws IOException {
    Path index = dir.resolve(MemoryIndex.FILE_NAME);
    if (Files.isSymbolicLink(index)) {
      throw new IOException(SymbolicLinks.refusal(index));
    }
    try {
      return new String(Files.readAllBytes(index), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return "";
    }
  }

  // Lines whose file is not there; {@code topicFiles} were just listed, so only other targets cost a look.
  private List<MemoryProblem> danglingIndexLines(Set<Path> topicFiles) throws IOException {
    List<MemoryProblem> problems = new ArrayList<>();
    Path index = dir.resolve(MemoryIndex.FILE_NAME);
    for (MemoryIndex.Entry e : parsed.indexEntries(index)) { // the caller refused a link
      Path target = dir.resolve(e.target()).normalize();
      if (!target.startsWith(dir) || !(topicFiles.contains(target) || Files.isRegularFile(target))) {
        problems.add(new MemoryProblem(index, "line " + e.lineNumber() + " points at missing file " + e.target()));
      }
    }
    return problems;
  }

  /** A team memory as read: with the line that says who shared it and how old it is (the file keeps its body). */
  private Memory shown(Memory m) {
    return scope == MemoryScope.TEAM ? TeamAttribution.attributed(m, clock.instant()) : m;
  }

  // Team sync alone writes the mirror (under this directory's lock, through AtomicFiles); a store never does.
  private void readOnlyWhenTeam() {
    if (scope == MemoryScope.TEAM) {
      throw new IllegalStateException("the team memory in " + dir + " is read-only: it changes through team sync");
    }
  }

  private Memory redacted(Memory m, Set<SecretKind> kinds) {
    Memory.Builder b = m.toBuilder()
        .name(scrub(m.name(), kinds))
        .description(scrub(m.description(), kinds))
        .body(scrub(m.body(), kinds));
    b.paths(m.paths().stream().map(p -> scrub(p, kinds)).toList());
    m.session().ifPresent(s -> b.session(scrub(s, kinds)));
    m.turn().ifPresent(t -> b.turn(scrub(t, kinds)));
    Map<String, Object> unknown = new java.util.LinkedHashMap<>();
    m.unknownKeys().forEach((k, v) -> unknown.put(k, scrubValue(v, kinds)));
    return b.unknownKeys(unknown).build();
  }

  /** Redacts strings inside a YAML value of any shape (scalars, lists, maps). */
  private Object scrubValue(Object v, Set<SecretKind> kinds) {
    if (v instanceof String s) {
      return scrub(s, kinds);
    }
    if (v instanceof List<?> list) {
      return list.stream().map(x -> scrubValue(x, kinds)).toList();
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      map.forEach((k, x) -> out.put(k, scrubValue(x, kinds)));
      return out;
    }
    return v;
  }

  private String scrub(String text, Set<SecretKind> kinds) {
    Redaction r = redactor.redact(text);
    kinds.addAll(r.kinds());
    return r.text();
  }

  private FileLock lock() throws IOException {
    Files.createDirectories(dir);
    return FileLock.acquire(dir.resolve(LOCK_FILE));
  }
}
