package io.engram.dream;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.memory.ChangedBy;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryHistory;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes a plan's changes in order, each under the store's lock with {@link AtomicFiles}: a topic file
 * is replaced only if it still holds the text the plan started from (else the run stops, since someone
 * wrote meanwhile, and the next run plans again); files leave only through {@link MemoryStore#forget}
 * (the trash). Each topic file written is recorded in the memory's history as the dream's change. MEMORY.md is
 * merged by line, so index lines another writer added meanwhile survive.
 *
 * <p>The order keeps MEMORY.md and the files it names in agreement after a kill at any point: first every
 * topic file is written (new files are not yet named by the index; merge targets hold their merged text
 * while the sources are still there), then MEMORY.md in one atomic write (naming the new files, no longer
 * naming the ones to be trashed), and only then do files leave for the trash. The index never names a
 * missing file, and nothing is lost; the undo journal marks the run complete at the end, and the next run
 * rolls an incomplete one back before it plans, so a run is applied whole or not at all.
 */
final class PlanApplier {
  // A file the dream rewrites is read whole: one past twice the topic cap (and 1 MiB at least) is no topic file an edit
  // could have made, and is not read.
  private static final int READ_FLOOR_BYTES = 1 << 20;
  private final Path memoryDir;
  private final MemoryStore store;
  private final long maxTopicBytes;
  private final Consumer<DreamChange> afterEach;
  private final MemoryHistory history;

  PlanApplier(Path memoryDir, MemoryStore store, long maxTopicBytes, Consumer<DreamChange> afterEach,
      MemoryHistory history) {
    this.memoryDir = memoryDir;
    this.store = store;
    this.maxTopicBytes = maxTopicBytes;
    this.afterEach = afterEach;
    this.history = history;
  }

  void apply(DreamPlan plan, DreamProgress progress) throws IOException {
    List<FileEdit> index = new ArrayList<>();
    List<FileEdit> trash = new ArrayList<>();
    for (DreamChange change : plan.changes()) {
      for (FileEdit edit : change.edits()) {
        if (edit.after().isEmpty()) {
          trash.add(edit);
        } else if (edit.path().equals(MemoryStores.INDEX_FILE)) {
          index.add(edit);
        } else {
          write(edit);
        }
      }
      progress.item(change.summary());
      afterEach.accept(change);
    }
    for (FileEdit edit : index) {
      write(edit);
    }
    for (FileEdit edit : trash) {
      trash(edit);
    }
  }

  private void write(FileEdit edit) throws IOException {
    if (edit.unchanged()) {
      return;
    }
    Path file = inside(edit.path());
    try (FileLock lock = FileLock.acquire(MemoryStores.lockFile(memoryDir))) {
      Optional<String> current = read(file);
      if (edit.path().equals(MemoryStores.INDEX_FILE)) {
        AtomicFiles.writeString(file, mergedIndex(edit, current));
        return;
      }
      if (!current.equals(edit.before())) {
        throw new IOException(file + " changed since the dream planned its changes; nothing more was written,"
            + " run the dream again (engram dream --undo restores what this run wrote)");
      }
      AtomicFiles.writeString(file, edit.after().orElseThrow());
      history.recordFile(ChangedBy.DREAM, current.isEmpty() ? MemoryVersion.Change.CREATED
          : MemoryVersion.Change.EDITED, current, edit.after());
    }
  }

  private void trash(FileEdit edit) throws IOException {
    Path file = inside(edit.path());
    Optional<String> current = read(file);
    if (current.isEmpty()) {
      return;
    }
    if (!current.equals(edit.before())) {
      throw new IOException(file + " changed since the dream planned to trash it; it was kept");
    }
    String name = MemoryFormat.parse(current.get(), file).name();
    store.forget(name, ChangedBy.DREAM);
  }

  /**
   * The plan's index, plus lines that are in the current file but were in neither the plan's before
   * nor after (written by someone else since the plan was made).
   */
  private static String mergedIndex(FileEdit edit, Optional<String> current) {
    String after = edit.after().orElseThrow();
    if (current.equals(edit.before())) {
      return after;
    }
    Set<String> known = new LinkedHashSet<>(edit.before().orElse("").lines().toList());
    known.addAll(after.lines().toList());
    List<String> extra = new ArrayList<>();
    current.orElse("").lines().filter(l -> !l.isBlank() && !known.contains(l)).forEach(extra::add);
    if (extra.isEmpty()) {
      return after;
    }
    StringBuilder out = new StringBuilder(after);
    if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
      out.append('\n');
    }
    extra.forEach(l -> out.append(l).append('\n'));
    return out.toString();
  }

  private Optional<String> read(Path file) throws IOException {
    try {
      if (Files.size(file) > Math.max(maxTopicBytes * 2, READ_FLOOR_BYTES)) {
        throw new IOException(file + " is too large for the dream to rewrite");
      }
      return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private Path inside(String relative) {
    Path p = memoryDir.resolve(relative).normalize();
    if (!p.startsWith(memoryDir) || p.equals(memoryDir)) {
      throw new IllegalArgumentException("dream: path '" + relative + "' is outside the memory directory");
    }
    return p;
  }
}
