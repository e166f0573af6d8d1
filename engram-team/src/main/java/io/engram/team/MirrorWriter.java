package io.engram.team;

import io.engram.fs.AtomicBatch;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryStores;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes pulled team memories into the mirror directory: each as a topic file (secrets redacted again, file name
 * derived from the name, never taken from the database) and its MEMORY.md line, under the directory's store lock,
 * so that readers see whole files and a store's reader never meets a half-written index. A batch's files are
 * written together ({@link AtomicBatch}: each file atomic, all forced to disk together, the directory once), and
 * {@link #apply} returns only when they are all on disk, so a sync position recorded after it never runs ahead of
 * the mirror. One writer serves one sync, which holds the sync lock: it reads the index once and keeps it.
 */
final class MirrorWriter {
  private static final Pattern TARGET = Pattern.compile("\\]\\(<?([^)\\s>]+)>?\\)");

  private final Path dir;
  private final SecretRedactor redactor;
  private final long maxBytes;
  private final int syncThreads;
  private Map<String, String> index;

  MirrorWriter(Path dir, SecretRedactor redactor, long maxBytes, int syncThreads) {
    this.dir = dir.toAbsolutePath().normalize();
    this.redactor = redactor;
    this.maxBytes = maxBytes;
    this.syncThreads = syncThreads;
  }

  /**
   * What a batch did to the mirror.
   *
   * @param written topic files written
   * @param removed topic files removed
   * @param skipped rows that could not be mirrored, each with the reason
   * @param held how many memories the mirror's index lists after the batch
   */
  record Applied(int written, int removed, List<String> skipped, int held) {}

  /**
   * Applies {@code rows} in order: a removed memory's file goes, any other is written with {@code yields} (the
   * local correction it yields to, by slug) as its {@code supersededBy}. With {@code keepOnly} present (a full
   * sync's last batch), every file whose slug is not in it goes too.
   */
  Applied apply(List<TeamRow> rows, Map<String, String> yields, Optional<Set<String>> keepOnly) throws IOException {
    Files.createDirectories(dir);
    int removed = 0;
    List<String> skipped = new ArrayList<>();
    try (FileLock lock = FileLock.acquire(MemoryStores.lockFile(dir))) {
      Map<String, String> index = index();
      Map<String, byte[]> files = new LinkedHashMap<>();
      Set<String> removals = new LinkedHashSet<>();
      for (TeamRow row : rows) {
        String fileName;
        try {
          fileName = MemoryNames.fileName(row.content().name());
        } catch (InvalidMemoryNameException e) {
          skipped.add(row.slug() + ": " + e.getMessage());
          continue;
        }
        if (!fileName.equals(row.slug() + ".md")) {
          skipped.add(row.slug() + ": its name '" + row.content().name() + "' does not make that slug");
          continue;
        }
        if (row.deleted()) {
          files.remove(fileName);
          removals.add(fileName);
          index.remove(fileName);
          continue;
        }
        Memory m = row.content().redacted(redactor).toMemory(row.author(), row.changedBy(), row.version(), row.updated());
        m = m.toBuilder().supersededBy(yields.get(row.slug())).build();
        removals.remove(fileName);
        byte[] bytes = MemoryFormat.format(m).getBytes(StandardCharsets.UTF_8);
        // A file that already holds these bytes is left alone: a full re-pull rewrites only what differs.
        if (!holds(dir.resolve(fileName), bytes)) {
          files.put(fileName, bytes);
        }
        index.put(fileName, MemoryStores.indexLine(m, fileName));
      }
      for (String name : removals) {
        removed += Files.exists(dir.resolve(name)) ? 1 : 0;
      }
      if (keepOnly.isPresent()) {
        removed += othersThan(keepOnly.get(), removals, index);
      }
      if (files.isEmpty() && removals.isEmpty() && Files.exists(dir.resolve(MemoryStores.INDEX_FILE))) {
        return new Applied(0, 0, skipped, index.size());
      }
      // The index goes last: a reader never finds it naming a file of this batch that is not there yet.
      files.put(MemoryStores.INDEX_FILE, indexText(index).getBytes(StandardCharsets.UTF_8));
      AtomicBatch.write(dir, files, removals, syncThreads);
      return new Applied(files.size() - 1, removed, skipped, index.size());
    }
  }

  private static boolean holds(Path file, byte[] bytes) throws IOException {
    try {
      return Files.size(file) == bytes.length && Arrays.equals(Files.readAllBytes(file), bytes);
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /** Removes {@code slug}'s file and index line, if the mirror has them. */
  void drop(String slug) throws IOException {
    String fileName = slug + ".md";
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (FileLock lock = FileLock.acquire(MemoryStores.lockFile(dir))) {
      Map<String, String> index = index();
      if (index.remove(fileName) == null && !Files.exists(dir.resolve(fileName))) {
        return;
      }
      AtomicBatch.write(dir, Map.of(MemoryStores.INDEX_FILE, indexText(index).getBytes(StandardCharsets.UTF_8)),
          List.of(fileName), 1);
    }
  }

  /**
   * Sets or clears the {@code supersededBy} of mirrored memories ({@code marks}: slug to the local memory it yields
   * to, or empty to clear); returns how many files changed.
   */
  int mark(Map<String, Optional<String>> marks) throws IOException {
    if (marks.isEmpty() || !Files.isDirectory(dir)) {
      return 0;
    }
    int changed = 0;
    try (FileLock lock = FileLock.acquire(MemoryStores.lockFile(dir))) {
      for (Map.Entry<String, Optional<String>> e : marks.entrySet()) {
        Path file = dir.resolve(e.getKey() + ".md");
        try {
          Memory m = MemoryFormat.read(file, maxBytes);
          if (!m.supersededBy().equals(e.getValue())) {
            AtomicFiles.writeString(file, MemoryFormat.format(m.toBuilder().supersededBy(e.getValue().orElse(null))
                .build()));
            changed++;
          }
        } catch (NoSuchFileException ex) {
          // Removed by the team meanwhile: nothing to mark.
        }
      }
    }
    return changed;
  }

  /** Adds to {@code removals} every mirror file whose slug is not in {@code slugs}; returns how many there are. */
  private int othersThan(Set<String> slugs, Set<String> removals, Map<String, String> index) throws IOException {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.md")) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.equals(MemoryStores.INDEX_FILE) || slugs.contains(name.substring(0, name.length() - 3))) {
          continue;
        }
        removed += removals.add(name) ? 1 : 0;
        index.remove(name);
      }
    }
    index.keySet().removeIf(name -> !slugs.contains(name.substring(0, name.length() - 3)));
    return removed;
  }

  private Map<String, String> index() throws IOException {
    if (index == null) {
      index = readIndex();
    }
    return index;
  }

  private Map<String, String> readIndex() throws IOException {
    Map<String, String> index = new TreeMap<>();
    Path file = dir.resolve(MemoryStores.INDEX_FILE);
    if (!Files.exists(file)) {
      return index;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      // Most lines name their file right after the first "](": the pattern runs only from there.
      int link = line.indexOf("](");
      Matcher m = TARGET.matcher(line);
      if (link >= 0 && m.find(link) && m.group(1).endsWith(".md")) {
        index.put(m.group(1), line);
      }
    }
    return index;
  }

  private static String indexText(Map<String, String> index) {
    StringBuilder text = new StringBuilder();
    index.values().forEach(line -> text.append(line).append('\n'));
    return text.toString();
  }
}
