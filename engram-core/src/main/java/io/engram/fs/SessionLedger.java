package io.engram.fs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * What Engram keeps about one agent session between calls, in one file with one lock: {@code session.json} and
 * {@code session.lock} in the session's directory ({@link HomeLayout.Session}). Each concern has a section of its
 * own, a small JSON value its package defines ({@link Section}): what recall has sent, the hooks' handover, the
 * levels acted on, the instruction files loaded, where the extraction pass got to. Every change is a locked
 * read-modify-write of the whole file, so separate processes of one session (each hook call a JVM of its own)
 * never lose each other's changes, and a change may span sections (a SessionStart that hands the notes over and
 * sends memories changes two).
 *
 * <p>The lock is held only for the moment a change computes and writes, never while a model works; a change that
 * asks for another change of the same ledger on its thread (the hook's context asks the levels for their notice)
 * runs inside the lock it holds. A section the ledger does not hold yet is read from the file an earlier version
 * kept it in, if there is one ({@link Section#legacyFile}), so a session running across an upgrade keeps what it
 * had sent.
 *
 * <p>The ledger is a cache of what was done: a missing or damaged file reads as every section fresh, which only
 * costs repeats, rather than blocking the session.
 */
public final class SessionLedger {
  // A section written by another version may carry fields this one does not know.
  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  // The ledger locks this thread holds, so that a change inside a change does not wait for itself.
  private static final ThreadLocal<Set<Path>> HELD = ThreadLocal.withInitial(HashSet::new);

  private final HomeLayout.Session files;

  private SessionLedger(HomeLayout.Session files) {
    this.files = files;
  }

  /**
   * The ledger of session {@code sessionId} under Engram's home {@code home}.
   *
   * @throws IllegalArgumentException for a session id that cannot name a directory
   */
  public static SessionLedger of(Path home, String sessionId) {
    return new SessionLedger(HomeLayout.of(home).session(sessionId));
  }

  /** Where the ledger is kept. */
  public Path file() {
    return files.ledger();
  }

  /**
   * One section of a ledger.
   *
   * @param name its key in the ledger
   * @param type the Jackson-readable value it holds, with a value equality
   * @param fresh its value before anything was kept
   * @param legacyFile the file an earlier version kept it in, beside the ledger; read when the ledger lacks it
   */
  public record Section<S>(String name, Class<S> type, S fresh, Optional<String> legacyFile) {
    public Section {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(fresh, "fresh");
      Objects.requireNonNull(legacyFile, "legacyFile");
    }

    /** A section that no earlier version kept elsewhere. */
    public static <S> Section<S> of(String name, Class<S> type, S fresh) {
      return new Section<>(name, type, fresh, Optional.empty());
    }

    /** A section an earlier version kept in {@code legacyFile} beside the ledger. */
    public static <S> Section<S> formerly(String legacyFile, String name, Class<S> type, S fresh) {
      return new Section<>(name, type, fresh, Optional.of(legacyFile));
    }
  }

  /** The value of {@code section} now; fresh when neither the ledger nor an earlier file holds one. */
  public <S> S read(Section<S> section) {
    return new Sections(readLedger()).get(section);
  }

  /** What {@code view} makes of the sections now, read without the lock (each section as {@link #read} has it). */
  public <T> T view(Function<Sections, T> view) {
    return view.apply(new Sections(readLedger()));
  }

  /** One section of this ledger, read and changed alone. */
  public <S> SessionStateFile<S> section(Section<S> section) {
    return new SessionStateFile<>(this, section);
  }

  /**
   * Applies {@code change} to the ledger under its lock and writes the sections it put, when they differ from
   * what was there.
   *
   * @param wait how long to wait for another holder of the lock
   * @param busy the error message when the lock is still held after {@code wait}, given the lock file
   * @return the value {@code change} hands back
   * @throws IOException when the lock stays held, or the ledger cannot be written
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<T> change) throws IOException {
    return update(wait, busy, change, Optional.empty());
  }

  /**
   * As {@link #update(Duration, Function, Change)}, but the ledger is only renamed into place under the lock
   * (other processes and a killed one see it at once) and forced to disk by a task handed to {@code forceLater}
   * (a resident process runs it after it has answered): the ledger is a cache of what was done, and a sync on a
   * hook's path costs more than the rest of the answer.
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<T> change, Executor forceLater)
      throws IOException {
    return update(wait, busy, change, Optional.of(forceLater));
  }

  private <T> T update(Duration wait, Function<Path, String> busy, Change<T> change, Optional<Executor> forceLater)
      throws IOException {
    Path lockFile = files.ledgerLock();
    Set<Path> held = HELD.get();
    if (held.contains(lockFile)) {
      return changeHeld(change, forceLater);
    }
    Files.createDirectories(files.dir());
    Optional<FileLock> lock = FileLock.tryAcquire(lockFile, wait);
    if (lock.isEmpty()) {
      throw new IOException(busy.apply(lockFile));
    }
    held.add(lockFile);
    try (FileLock ignored = lock.get()) {
      return changeHeld(change, forceLater);
    } finally {
      held.remove(lockFile);
    }
  }

  private <T> T changeHeld(Change<T> change, Optional<Executor> forceLater) throws IOException {
    Sections sections = new Sections(readLedger());
    T value = change.apply(sections);
    if (sections.put.isEmpty()) {
      return value;
    }
    // Read again: a change inside this one (on this thread, under this lock) may have written other sections.
    ObjectNode now = readLedger();
    boolean differs = false;
    for (Map.Entry<String, JsonNode> e : sections.put.entrySet()) {
      if (!e.getValue().equals(now.get(e.getKey()))) {
        now.set(e.getKey(), e.getValue());
        differs = true;
      }
    }
    if (differs) {
      String text = JSON.writeValueAsString(now);
      if (forceLater.isEmpty()) {
        AtomicFiles.writeString(files.ledger(), text);
      } else {
        AtomicFiles.writeStringUnforced(files.ledger(), text);
        forceLater.get().execute(this::forceNow);
      }
    }
    return value;
  }

  // A failed sync loses nothing while the machine runs; the executor reports it.
  private void forceNow() {
    try {
      AtomicFiles.force(files.ledger());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync " + files.ledger() + ": " + e.getMessage(), e);
    }
  }

  private ObjectNode readLedger() {
    Path file = files.ledger();
    if (!Files.exists(file)) {
      return JSON.createObjectNode();
    }
    try {
      JsonNode node = JSON.readTree(file.toFile());
      return node instanceof ObjectNode o ? o : JSON.createObjectNode();
    } catch (IOException | RuntimeException e) {
      return JSON.createObjectNode();
    }
  }

  private <S> Optional<S> readLegacy(Section<S> section) {
    if (section.legacyFile().isEmpty()) {
      return Optional.empty();
    }
    Path legacy = files.legacyState(section.legacyFile().get());
    if (!Files.isRegularFile(legacy)) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(JSON.readValue(legacy.toFile(), section.type()));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** A change of the ledger that also hands a value back to the caller. */
  @FunctionalInterface
  public interface Change<T> {
    /** Reads and puts sections; the value for the caller. */
    T apply(Sections sections) throws IOException;
  }

  /** The ledger's sections as a change sees them: what was there, with what the change put. */
  public final class Sections {
    private final ObjectNode before;
    private final Map<String, JsonNode> put = new LinkedHashMap<>();

    private Sections(ObjectNode before) {
      this.before = before;
    }

    /** The value of {@code section}: what this change put, else what the ledger (or an earlier file) holds. */
    public <S> S get(Section<S> section) {
      JsonNode node = put.containsKey(section.name()) ? put.get(section.name()) : before.get(section.name());
      if (node == null || node.isNull()) {
        return node == null ? readLegacy(section).orElse(section.fresh()) : section.fresh();
      }
      try {
        S value = JSON.treeToValue(node, section.type());
        return value == null ? section.fresh() : value;
      } catch (IOException | RuntimeException e) {
        return section.fresh();
      }
    }

    /** Sets {@code section} to {@code value}, written when the change ends. */
    public <S> void put(Section<S> section, S value) {
      put.put(section.name(), JSON.valueToTree(Objects.requireNonNull(value, "value")));
    }

    /** Sets {@code section} back to fresh (what was kept is forgotten, an earlier file's too). */
    public <S> void clear(Section<S> section) {
      put.put(section.name(), JSON.getNodeFactory().nullNode());
    }
  }
}
