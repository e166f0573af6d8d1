package io.engram.notes;

import io.engram.redact.SecretRedactor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * Session notes on disk: {@code <home>/sessions/<session-id>/notes.md} (the rendered template) and
 * {@code notes-state.json} beside it (what they cover).
 *
 * <p>Writes go through {@link AtomicFiles} under the session's {@code notes.lock}; the state is written
 * after the notes, so a crash in between leaves notes that cover more than the state says, and the
 * next update re-reads a few messages rather than skipping any. Compaction reads them with
 * {@link #read(String)}.
 */
public final class NotesStore {
  private static final ObjectMapper PROGRESS = new ObjectMapper()
      .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HomeLayout home;

  /** The notes kept under Engram's home {@code engramHome}. */
  public NotesStore(Path engramHome) {
    this.home = HomeLayout.of(Objects.requireNonNull(engramHome, "engramHome"));
  }

  /** The notes file of {@code sessionId} (it may not exist yet). */
  public Path notesFile(String sessionId) {
    return home.session(sessionId).notes();
  }

  /** The stored notes of {@code sessionId}; empty when none were written yet. */
  public Optional<StoredNotes> read(String sessionId) throws IOException {
    HomeLayout.Session session = home.session(sessionId);
    Path notes = session.notes();
    Path state = session.notesState();
    if (!Files.exists(notes) || !Files.exists(state)) {
      return Optional.empty();
    }
    SessionNotes parsed;
    try {
      parsed = SessionNotes.parse(Files.readString(notes));
    } catch (IllegalArgumentException e) {
      throw new IOException(notes + ": " + e.getMessage(), e);
    }
    return Optional.of(new StoredNotes(parsed, parseState(state, sessionId)));
  }

  /** Holds the session's notes lock; read and {@link #write} under it for a read-modify-write. */
  public FileLock lock(String sessionId) throws IOException {
    HomeLayout.Session session = home.session(sessionId);
    Files.createDirectories(session.dir());
    return FileLock.acquire(session.notesLock());
  }

  /** Replaces the notes and state of the session named in {@code stored}; call it holding {@link #lock}. */
  public void write(StoredNotes stored) throws IOException {
    HomeLayout.Session session = home.session(stored.state().sessionId());
    Files.createDirectories(session.dir());
    // The keeper redacts what it computes; the store redacts again, as the last step before disk.
    AtomicFiles.writeString(session.notes(), SecretRedactor.standard().redact(stored.notes().render()).text());
    AtomicFiles.writeString(session.notesState(), render(stored.state()));
  }

  /**
   * Moves the session's notes and state aside as {@code notes.replaced-<millis>.md} and
   * {@code notes-state.replaced-<millis>.json} (call it holding {@link #lock}); used before notes that
   * describe another transcript under the same session id are replaced, so nothing is lost.
   *
   * @return the archived notes file, if there was one
   */
  public Optional<Path> archive(String sessionId, Instant at) throws IOException {
    HomeLayout.Session session = home.session(sessionId);
    Path notes = session.notes();
    if (!Files.exists(notes)) {
      return Optional.empty();
    }
    String stamp = Long.toString(at.toEpochMilli());
    Path target = session.notesReplaced(stamp);
    Files.move(notes, target, StandardCopyOption.ATOMIC_MOVE);
    Path state = session.notesState();
    if (Files.exists(state)) {
      Files.move(state, session.notesStateReplaced(stamp), StandardCopyOption.ATOMIC_MOVE);
    }
    return Optional.of(target);
  }

  /**
   * Where the keeper's reading of the session's transcript stands; empty when it never read it by offset, or
   * when what is kept cannot be read (the next pass then reads the transcript again from its start).
   */
  Optional<NotesProgress> readProgress(String sessionId) {
    Path file = home.session(sessionId).notesProgress();
    try {
      return Files.exists(file) ? Optional.of(PROGRESS.readValue(file.toFile(), NotesProgress.class)) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Replaces the keeper's progress of {@code sessionId}; call it holding {@link #lock}. */
  void writeProgress(String sessionId, NotesProgress progress) throws IOException {
    HomeLayout.Session session = home.session(sessionId);
    Files.createDirectories(session.dir());
    AtomicFiles.writeString(session.notesProgress(), PROGRESS.writeValueAsString(progress) + "\n");
  }

  private static String render(NotesState s) throws JsonProcessingException {
    ObjectNode root = JSON.createObjectNode();
    root.put("sessionId", s.sessionId());
    root.put("coveredMessages", s.coveredMessages());
    s.lastUuid().ifPresent(u -> root.put("lastUuid", u));
    root.put("tokensAtLastUpdate", s.tokensAtLastUpdate());
    root.put("updates", s.updates());
    root.put("updatedAt", s.updatedAt().toString());
    root.put("engine", s.engine());
    return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
  }

  private static NotesState parseState(Path file, String sessionId) throws IOException {
    try {
      JsonNode root = JSON.readTree(Files.readString(file));
      if (root == null || !root.isObject() || !root.path("coveredMessages").isInt()
          || !root.path("tokensAtLastUpdate").canConvertToLong() || !root.hasNonNull("updatedAt")) {
        throw new IOException(file + ": notes state needs coveredMessages, tokensAtLastUpdate and updatedAt");
      }
      return new NotesState(sessionId, root.get("coveredMessages").asInt(),
          Optional.ofNullable(root.get("lastUuid")).map(JsonNode::asText),
          root.get("tokensAtLastUpdate").asLong(), root.path("updates").asInt(0),
          Instant.parse(root.get("updatedAt").asText()), root.path("engine").asText("offline"));
    } catch (JsonProcessingException | DateTimeParseException | IllegalArgumentException e) {
      throw new IOException(file + ": unreadable notes state (" + e.getMessage() + ")", e);
    }
  }
}
