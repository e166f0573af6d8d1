package io.engram.hooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SessionDirectory;
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
 * JSON lines at {@code <home>/sessions/<id>/injections.jsonl}, rewritten atomically under its lock; the web UI
 * reads it. It holds names and counts, never a memory's text.
 */
public final class InjectionLedger {
  static final String FILE = "injections.jsonl";
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

  /** The entries of {@code sessionId}, oldest first; empty when nothing was injected. A bad line names itself. */
  public static List<Entry> read(Path engramHome, String sessionId) throws IOException {
    Path file = SessionDirectory.of(engramHome, sessionId).resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
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
  static void appendOrThrow(Path engramHome, String sessionId, Entry entry) {
    try {
      append(engramHome, sessionId, entry);
    } catch (IOException e) {
      throw new UncheckedIOException("could not record what was injected: " + e.getMessage(), e);
    }
  }

  /** Adds {@code entry} at the end of the ledger of {@code sessionId}. */
  static void append(Path engramHome, String sessionId, Entry entry) throws IOException {
    Path dir = SessionDirectory.of(engramHome, sessionId);
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE);
    try (FileLock held = FileLock.acquire(dir.resolve("injections.lock"))) {
      String before = Files.isRegularFile(file) ? Files.readString(file) : "";
      // A reason can quote the prompt's words: redacted like everything else a session writes.
      String line = SecretRedactor.standard().redact(JSON.writeValueAsString(entry)).text();
      AtomicFiles.writeString(file, before + line + "\n");
    }
  }
}
