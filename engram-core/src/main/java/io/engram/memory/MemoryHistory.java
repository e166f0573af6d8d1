package io.engram.memory;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.config.MemorySettings;
import io.engram.fs.AppendOnlyLines;
import io.engram.fs.SymbolicLinks;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The versions of every memory of one store directory: per memory, an append-only file of JSON lines
 * ({@code .engram-history/<slug>.jsonl}), one {@link MemoryVersion} a line. Every writer records through this
 * class while it holds the store's lock, right after its change landed: the store (command line, UI, MCP,
 * extraction, a library, team sync retiring a shared copy) and the dream. A version found on disk that differs from the last one
 * recorded (Claude Code or a person edited the file) is recorded first, as {@link ChangedBy#OUTSIDE}, so that no
 * version is lost to the next write; a write that changes nothing but the store's own timestamps and recall counts
 * records nothing. Every text is redacted again before it is written, so secrets never reach the history.
 *
 * <p>Bounded: at most {@code memory.historyMaxVersions} versions per memory (its oldest dropped), and past
 * {@code memory.historyMaxBytes} in the directory, the histories of the memories changed longest ago go whole
 * ({@link HistoryBounds}). A line cut short by a crash is left out ({@link AppendOnlyLines}).
 */
public final class MemoryHistory {
  /** The hidden folder beside the topic files that holds the histories. */
  public static final String DIR = ".engram-history";
  static final String SUFFIX = ".jsonl";
  private static final ObjectMapper JSON = JsonMapper.builder()
      .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private final Path memoryDir;
  private final Path dir;
  private final MemorySettings settings;
  private final SecretRedactor redactor;
  private final Clock clock;
  private final HistoryBounds bounds;

  private MemoryHistory(Path memoryDir, MemorySettings settings, SecretRedactor redactor, Clock clock) {
    this.memoryDir = memoryDir.toAbsolutePath().normalize();
    this.dir = this.memoryDir.resolve(DIR);
    this.settings = settings;
    this.redactor = redactor;
    this.clock = clock;
    this.bounds = new HistoryBounds(dir, settings, clock);
  }

  /** The history of the store directory {@code memoryDir}, bounded by {@code settings}. */
  public static MemoryHistory of(Path memoryDir, MemorySettings settings, SecretRedactor redactor,
      Clock clock) {
    return new MemoryHistory(memoryDir, settings, redactor, clock);
  }

  /** One line of a history file. */
  private record Line(int v, String at, String by, String change, String text) {
    MemoryVersion version() {
      return new MemoryVersion(v, Instant.parse(at), ChangedBy.parse(by).orElse(ChangedBy.UNKNOWN),
          MemoryVersion.Change.valueOf(change.toUpperCase(java.util.Locale.ROOT)), text);
    }
  }

  /**
   * Records a change to the memory called {@code name}; the caller holds the store's lock and has made the change.
   *
   * @param before the topic file's text before the change, empty when there was no file
   * @param after the text after it (for a forget, the text that went to the trash)
   * @return the version recorded, empty when the change only touched the store's timestamps or recall counts
   */
  public Optional<MemoryVersion> record(String name, ChangedBy by, MemoryVersion.Change change,
      Optional<String> before, String after) throws IOException {
    Path file = fileOf(name);
    Optional<MemoryVersion> last = lastOf(file);
    int next = last.map(v -> v.number() + 1).orElse(1);
    Instant now = clock.instant();
    if (before.isPresent() && (last.isEmpty() || last.get().change() == MemoryVersion.Change.FORGOTTEN
        || !sameContent(last.get().text(), before.get()))) {
      append(file, new MemoryVersion(next++, now, ChangedBy.OUTSIDE, MemoryVersion.Change.FOUND,
          redacted(before.get())));
    } else if (last.isPresent() && change == MemoryVersion.Change.EDITED && sameContent(last.get().text(), after)) {
      return Optional.empty();
    }
    MemoryVersion version = new MemoryVersion(next, now, by, change, redacted(after));
    append(file, version);
    bounds.keep(file, version.number());
    return Optional.of(version);
  }

  /**
   * Records a change to a topic file written without the store (the dream applies and undoes its plans file by
   * file): the memory is the one its text names ({@code after}, else {@code before}); a text that names none (not
   * a memory) records nothing. The caller holds the store's lock.
   */
  public Optional<MemoryVersion> recordFile(ChangedBy by, MemoryVersion.Change change, Optional<String> before,
      Optional<String> after) throws IOException {
    Optional<String> text = after.or(() -> before);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    String name;
    try {
      name = MemoryFormat.parse(text.get(), memoryDir).name();
      MemoryNames.slug(name);
    } catch (InvalidMemoryException | InvalidMemoryNameException e) {
      return Optional.empty();
    }
    return record(name, by, change, before, text.get());
  }

  /**
   * Takes {@code earlier} (a memory's versions where it came from, oldest first) as the first versions of the memory
   * called {@code name}, numbered from 1, when nothing is recorded of it here yet; a memory with a history here keeps
   * its own. The caller holds the store's lock.
   */
  void adopt(String name, List<MemoryVersion> earlier) throws IOException {
    Path file = fileOf(name);
    if (Files.exists(file)) {
      return;
    }
    int n = 0;
    for (MemoryVersion v : earlier) {
      append(file, new MemoryVersion(++n, v.at(), v.by(), v.change(), redacted(v.text())));
    }
    bounds.keep(file, n);
  }

  /**
   * The recorded versions of the memory called {@code name}, oldest first; empty when none were recorded (or no
   * memory can have that name). A complete line that does not read is an error naming the file and line.
   */
  public List<MemoryVersion> versions(String name) throws IOException {
    if (!MemoryNames.isValid(name)) {
      return List.of(); // no memory could have had that name
    }
    Path file = fileOf(name);
    List<String> lines = AppendOnlyLines.read(file);
    List<MemoryVersion> versions = new ArrayList<>(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      versions.add(parse(lines.get(i), file, i + 1));
    }
    return versions;
  }

  /**
   * The text of a topic file as a version records it, empty when there is none; a file too large to be a memory is
   * not read.
   */
  Optional<String> textOf(Optional<Path> file) throws IOException {
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

  /** The history file of the memory called {@code name} (which may not exist). */
  Path fileOf(String name) throws IOException {
    if (Files.isSymbolicLink(dir)) {
      throw new IOException(SymbolicLinks.refusal(dir));
    }
    return dir.resolve(MemoryNames.slug(name) + SUFFIX);
  }

  /**
   * The last version recorded; a history whose last line does not read (edited by hand) is moved aside to {@code
   * <slug>.jsonl.damaged} and a new one begins, so that a damaged history never blocks a write of the memory.
   */
  private Optional<MemoryVersion> lastOf(Path file) throws IOException {
    Optional<String> line = AppendOnlyLines.last(file);
    if (line.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse(line.get(), file, 0));
    } catch (IOException e) {
      Files.move(file, file.resolveSibling(file.getFileName() + ".damaged"),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      return Optional.empty();
    }
  }

  private void append(Path file, MemoryVersion v) throws IOException {
    Files.createDirectories(dir);
    AppendOnlyLines.append(file, JSON.writeValueAsString(
        new Line(v.number(), v.at().toString(), v.by().id(), v.change().id(), v.text())));
  }

  static MemoryVersion parse(String line, Path file, int lineNumber) throws IOException {
    try {
      return JSON.readValue(line, Line.class).version();
    } catch (IOException | RuntimeException e) {
      throw new IOException(file + (lineNumber > 0 ? ":" + lineNumber : " (last line)")
          + ": not a memory version: " + e.getMessage(), e);
    }
  }

  private String redacted(String text) {
    return redactor.redact(text).text();
  }

  /** True when the two texts say the same thing, apart from the store's timestamps and recall counts. */
  private boolean sameContent(String a, String b) {
    if (a.equals(b) || redacted(b).equals(a)) {
      return true;
    }
    try {
      return comparable(MemoryFormat.parse(a, memoryDir)).equals(comparable(MemoryFormat.parse(redacted(b), memoryDir)));
    } catch (InvalidMemoryException e) {
      return false;
    }
  }

  private static Memory comparable(Memory m) {
    return m.toBuilder().updated(null).lastRecalled(null).recallCount(0).build();
  }
}
