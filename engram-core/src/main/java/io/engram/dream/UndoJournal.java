package io.engram.dream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.MemorySettings;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.memory.ChangedBy;
import io.engram.memory.MemoryHistory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryVersion;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * One-step undo of a dream: before a run, the files it will touch are copied to {@code
 * <memory>/.dream/undo/<run-id>/files/}; {@link #undo()} puts them back.
 *
 * <p>A manifest records which files existed, so undo also takes away files the run created (moving
 * them aside, never deleting). The pointer {@code .dream/undo/LAST} is written only after the
 * snapshot is complete, so a crash while snapshotting keeps the previous run undoable. Every write is
 * atomic and under the {@link FileLock} {@code .dream/undo.lock}. An undone run is marked so; undoing
 * twice does nothing. Each topic file an undo puts back or removes is changed under the store's lock and
 * recorded in the memory's history as the dream's change. Callers hold the {@link ConsolidationLock} around {@code begin}+writes and around
 * {@code undo}, so an undo never interleaves with a run. Undo does not empty the trash: a file the run
 * trashed comes back at its path, and its trash copy ages out with the trash. MEMORY.md comes back in step with
 * what other writers did since the run ({@link UndoneIndex}).
 */
final class UndoJournal {
  /** Where the journals live, relative to the memory directory. */
  public static final String DIR = ".dream/undo";

  static final String LOCK = ".dream/undo.lock";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Path memoryDir;
  private final Path root;
  private final MemoryHistory history;

  /** The journal of the memory directory {@code memoryDir}, recording undone files in its default-bounded history. */
  public UndoJournal(Path memoryDir) {
    this(memoryDir, MemoryHistory.of(memoryDir, MemorySettings.DEFAULTS, SecretRedactor.standard(),
        Clock.systemUTC()));
  }

  /** The journal of the memory directory {@code memoryDir}; an undo records each file it puts back in {@code history}. */
  UndoJournal(Path memoryDir, MemoryHistory history) {
    this.memoryDir = memoryDir.toAbsolutePath().normalize();
    this.root = this.memoryDir.resolve(DIR);
    this.history = history;
  }

  /** A fresh, sortable run id such as {@code 20260512T101500Z-3f9a}. */
  public static String newRunId(Instant now) {
    return RUN_ID.format(now) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
  }

  /**
   * Snapshots {@code paths} (relative to the memory directory) before run {@code runId} changes them
   * and makes this run the one {@link #undo()} restores.
   *
   * @throws IllegalArgumentException if a path leaves the memory directory or points into {@code .dream/}
   */
  public void begin(String runId, Collection<String> paths) throws IOException {
    if (!runId.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("undo journal: bad run id '" + runId + "'");
    }
    TreeSet<String> sorted = new TreeSet<>();
    for (String p : paths) {
      sorted.add(relative(p));
    }
    try (FileLock held = FileLock.acquire(memoryDir.resolve(LOCK))) {
      Path run = root.resolve(runId);
      ObjectNode manifest = JSON.createObjectNode();
      manifest.put("runId", runId);
      manifest.put("undone", false);
      manifest.put("complete", false);
      ArrayNode files = manifest.putArray("files");
      for (String p : sorted) {
        Path source = memoryDir.resolve(p);
        boolean existed = Files.isRegularFile(source);
        if (existed) {
          AtomicFiles.write(run.resolve("files").resolve(p), Files.readAllBytes(source));
        }
        files.addObject().put("path", p).put("existed", existed);
      }
      AtomicFiles.writeString(run.resolve("manifest.json"), JSON.writeValueAsString(manifest));
      AtomicFiles.writeString(root.resolve("LAST"), runId + "\n");
    }
  }

  /**
   * Marks run {@code runId} as applied in full; until then {@link #interrupted()} names it. Records what each file
   * is as the run left it (a SHA-256 of its bytes, or that it is not there), so that an undo can tell a file
   * changed since the run and keep it.
   */
  public void complete(String runId) throws IOException {
    try (FileLock held = FileLock.acquire(memoryDir.resolve(LOCK))) {
      ObjectNode manifest = (ObjectNode) manifest(runId);
      LeftByRun.record(memoryDir, manifest.path("files"), this::relative);
      manifest.put("complete", true);
      AtomicFiles.writeString(root.resolve(runId).resolve("manifest.json"), JSON.writeValueAsString(manifest));
    }
  }

  /**
   * The last run, when it began applying and was never marked complete (its process died): the next run
   * undoes it before planning. Journals written before runs were marked count as complete.
   */
  public Optional<String> interrupted() throws IOException {
    Optional<String> id = lastRunId();
    if (id.isEmpty()) {
      return id;
    }
    return manifest(id.get()).path("complete").asBoolean(true) ? Optional.empty() : id;
  }

  /** The last journaled run that has not been undone yet. */
  public Optional<String> lastRunId() throws IOException {
    Path last = root.resolve("LAST");
    if (!Files.exists(last)) {
      return Optional.empty();
    }
    String id = Files.readString(last).strip();
    JsonNode manifest = manifest(id);
    return manifest.path("undone").asBoolean() ? Optional.empty() : Optional.of(id);
  }

  /** True when the run {@code runId} was undone; false when it was not, or its journal is gone. */
  boolean undone(String runId) throws IOException {
    if (!runId.matches("[A-Za-z0-9._-]+") || !Files.exists(root.resolve(runId).resolve("manifest.json"))) {
      return false;
    }
    return manifest(runId).path("undone").asBoolean();
  }

  /**
   * Restores the memory directory to its state before the last run; empty when there is none. A file changed since
   * the run (edited, deleted or made again by someone else: its bytes are not what the run left) is kept as it is
   * and named in the result with the reason; the rest of the run is undone. MEMORY.md is merged, never kept whole.
   */
  public Optional<UndoResult> undo() throws IOException {
    try (FileLock held = FileLock.acquire(memoryDir.resolve(LOCK))) {
      Optional<String> id = lastRunId();
      if (id.isEmpty()) {
        return Optional.empty();
      }
      Path run = root.resolve(id.get());
      ObjectNode manifest = (ObjectNode) manifest(id.get());
      List<String> restored = new ArrayList<>();
      List<String> removed = new ArrayList<>();
      List<UndoResult.Kept> kept = LeftByRun.changedSince(memoryDir, manifest.path("files"), this::relative);
      java.util.Set<String> keptPaths = new java.util.HashSet<>();
      kept.forEach(k -> keptPaths.add(k.path()));
      java.util.Set<String> runFiles = new java.util.HashSet<>();
      manifest.path("files").forEach(f -> runFiles.add(relative(f.path("path").asText())));
      // A kept file's index line is the one it has now, as for a file the run never touched.
      runFiles.removeAll(keptPaths);
      for (JsonNode f : manifest.path("files")) {
        String p = relative(f.path("path").asText());
        if (keptPaths.contains(p)) {
          continue;
        }
        Path target = memoryDir.resolve(p);
        boolean topicFile = !p.equals(MemoryStores.INDEX_FILE) && !p.contains("/");
        try (FileLock store = FileLock.acquire(MemoryStores.lockFile(memoryDir))) {
          Optional<String> before = Files.exists(target) ? Optional.of(Files.readString(target)) : Optional.empty();
          if (f.path("existed").asBoolean()) {
            byte[] back = Files.readAllBytes(run.resolve("files").resolve(p));
            if (p.equals(MemoryStores.INDEX_FILE) && before.isPresent()) {
              back = UndoneIndex.merge(new String(back, StandardCharsets.UTF_8), before.get(), runFiles,
                  file -> Files.isRegularFile(memoryDir.resolve(file)), keptPaths).getBytes(StandardCharsets.UTF_8);
            }
            AtomicFiles.write(target, back);
            restored.add(p);
            if (topicFile) {
              history.recordFile(ChangedBy.DREAM, before.isPresent() ? MemoryVersion.Change.EDITED
                  : MemoryVersion.Change.RESTORED, before, Optional.of(new String(back, StandardCharsets.UTF_8)));
            }
          } else if (before.isPresent()) {
            AtomicFiles.write(run.resolve("removed").resolve(p), Files.readAllBytes(target));
            Files.delete(target);
            removed.add(p);
            if (topicFile) {
              history.recordFile(ChangedBy.DREAM, MemoryVersion.Change.FORGOTTEN, before, Optional.empty());
            }
          }
        }
      }
      manifest.put("undone", true);
      AtomicFiles.writeString(run.resolve("manifest.json"), JSON.writeValueAsString(manifest));
      return Optional.of(new UndoResult(id.get(), restored, removed, kept));
    }
  }

  /**
   * Deletes the journals of runs whose snapshot is older than {@code keep} at {@code now}; the last
   * run's journal always stays, so one-step undo keeps working. Returns the run ids deleted.
   */
  public List<String> prune(Instant now, Duration keep) throws IOException {
    List<String> deleted = new ArrayList<>();
    if (!Files.isDirectory(root)) {
      return deleted;
    }
    try (FileLock held = FileLock.acquire(memoryDir.resolve(LOCK))) {
      Path last = root.resolve("LAST");
      String lastId = Files.exists(last) ? Files.readString(last).strip() : "";
      List<Path> runs;
      try (Stream<Path> list = Files.list(root)) {
        runs = list.filter(Files::isDirectory).sorted().toList();
      }
      for (Path run : runs) {
        Path manifest = run.resolve("manifest.json");
        String id = run.getFileName().toString();
        boolean old = Files.exists(manifest)
            && Files.getLastModifiedTime(manifest).toInstant().isBefore(now.minus(keep));
        if (old && !id.equals(lastId)) {
          deleteTree(run);
          deleted.add(id);
        }
      }
    }
    return deleted;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private JsonNode manifest(String runId) throws IOException {
    Path file = root.resolve(runId).resolve("manifest.json");
    if (!runId.matches("[A-Za-z0-9._-]+") || !Files.exists(file)) {
      throw new IOException(root.resolve("LAST") + ": names run '" + runId + "' without a manifest");
    }
    JsonNode node = JSON.readTree(Files.readString(file));
    if (node == null || !node.isObject() || !node.path("files").isArray()) {
      throw new IOException(file + ": not an undo manifest");
    }
    return node;
  }

  private String relative(String path) {
    Path p = Path.of(path);
    Path resolved = memoryDir.resolve(p).normalize();
    if (p.isAbsolute() || !resolved.startsWith(memoryDir) || resolved.equals(memoryDir)) {
      throw new IllegalArgumentException("undo journal: path '" + path + "' is outside the memory directory");
    }
    String rel = memoryDir.relativize(resolved).toString().replace('\\', '/');
    if (rel.equals(".dream") || rel.startsWith(".dream/")) {
      throw new IllegalArgumentException("undo journal: path '" + path + "' is the dream's own state");
    }
    return rel;
  }
}
