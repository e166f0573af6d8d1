package io.engram.hooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.fs.AppendOnlyLines;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What Engram injected into one session, hook call by hook call: when, at which hook, how many characters,
 * which memories (each with its characters and why it was chosen) and which were left out for room. Kept as
 * JSON lines at {@code <home>/sessions/<id>/injections.jsonl}, one line appended per call under its lock
 * ({@link AppendOnlyLines}: a line cut short by a crash is left out on read); past {@code
 * hooks.injectionLedgerMaxBytes} the oldest lines are dropped. The web UI reads it. It holds names and counts,
 * never a memory's text.
 */
public final class InjectionLedger {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  private InjectionLedger() {}

  /** One memory injected: its name, the characters its block took, and why it was chosen. */
  public record Item(String memory, int chars, String why) {
    public Item {
      Objects.requireNonNull(memory, "memory");
      Objects.requireNonNull(why, "why");
    }
  }

  /** One hook call that injected something. */
  public record Entry(Instant at, String hook, int chars, List<Item> memories, List<String> leftOut) {
    public Entry {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(hook, "hook");
      memories = List.copyOf(memories);
      leftOut = List.copyOf(leftOut);
    }
  }

  /**
   * The entries of {@code sessionId}, oldest first; empty when nothing was injected. A complete bad line names
   * itself; a last line without its newline (a write a crash cut short) is left out.
   */
  public static List<Entry> read(Path engramHome, String sessionId) throws IOException {
    Path file = HomeLayout.of(engramHome).session(sessionId).injections();
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    List<String> lines = AppendOnlyLines.read(file);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      try {
        entries.add(JSON.readValue(lines.get(i), Entry.class));
      } catch (IOException | RuntimeException e) {
        throw new IOException(file + ":" + (i + 1) + ": not an injection entry: " + e.getMessage(), e);
      }
    }
    return List.copyOf(entries);
  }

  /**
   * {@link #append}, for a task run after the hook has answered: a failure is thrown unchecked, for the executor
   * running it to report.
   */
  static void appendOrThrow(Path engramHome, String sessionId, Entry entry, long maxBytes) {
    try {
      append(engramHome, sessionId, entry, maxBytes);
    } catch (IOException e) {
      throw new UncheckedIOException("could not record what was injected: " + e.getMessage(), e);
    }
  }

  /**
   * Adds {@code entry} at the end of the ledger of {@code sessionId}, dropping the oldest entries when the file
   * would pass {@code maxBytes}; returns how many were dropped.
   */
  static int append(Path engramHome, String sessionId, Entry entry, long maxBytes) throws IOException {
    HomeLayout.Session session = HomeLayout.of(engramHome).session(sessionId);
    Files.createDirectories(session.dir());
    Path file = session.injections();
    try (FileLock held = FileLock.acquire(session.injectionsLock())) {
      // A reason can quote the prompt's words: redacted like everything else a session writes.
      String line = SecretRedactor.standard().redact(JSON.writeValueAsString(entry)).text();
      return AppendOnlyLines.appendCapped(file, line, maxBytes);
    }
  }
}
