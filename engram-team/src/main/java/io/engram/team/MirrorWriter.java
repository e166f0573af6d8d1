package io.engram.team;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryHistory;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryVersion;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes pulled team memories into the mirror directory: each as a topic file (atomically, secrets redacted again,
 * file name derived from the name, never taken from the database) and its MEMORY.md line, under the directory's
 * store lock, so that readers see whole files and a store's reader never meets a half-written index. Each file
 * written or removed is recorded in the mirror's {@link MemoryHistory} as team sync's change.
 */
final class MirrorWriter {
  private static final Pattern TARGET = Pattern.compile("\\]\\(<?([^)\\s>]+)>?\\)");

  private final Path dir;
  private final SecretRedactor redactor;
  private final long maxBytes;
  private final MemoryHistory history;

  MirrorWriter(Path dir, SecretRedactor redactor, long maxBytes, MemoryHistory history) {
    this.dir = dir.toAbsolutePath().normalize();
    this.redactor = redactor;
    this.maxBytes = maxBytes;
    this.history = history;
  }

  /** What a batch did to the mirror. */
  record Applied(int written, int removed, List<String> skipped) {}

  /**
   * Applies {@code rows} in order: a removed memory's file goes, any other is written with {@code yields} (the
   * local correction it yields to, by slug) as its {@code supersededBy}. With {@code keepOnly} present (a full
   * sync's last batch), every file whose slug is not in it goes too.
   */
  Applied apply(List<TeamRow> rows, Map<String, String> yields, Optional<Set<String>> keepOnly) throws IOException {
    Files.createDirectories(dir);
    int written = 0;
    int removed = 0;
    List<String> skipped = new ArrayList<>();
    try (FileLock lock = FileLock.acquire(MemoryStores.lockFile(dir))) {
      Map<String, String> index = readIndex();
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
        Optional<String> before = text(dir.resolve(fileName));
        if (row.deleted()) {
          removed += Files.deleteIfExists(dir.resolve(fileName)) ? 1 : 0;
          index.remove(fileName);
          history.recordFile(ChangedBy.TEAM, MemoryVersion.Change.FORGOTTEN, before, Optional.empty());
          continue;
        }
        Memory m = row.content().redacted(redactor).toMemory(row.author(), row.changedBy(), row.version(), row.updated());
        m = m.toBuilder().supersededBy(yields.get(row.slug())).build();
        String text = MemoryFormat.format(m);
        AtomicFiles.writeString(dir.resolve(fileName), text);
        history.record(m.name(), ChangedBy.TEAM, before.isEmpty() ? MemoryVersion.Change.CREATED
            : MemoryVersion.Change.EDITED, before, text);
        index.put(fileName, MemoryStores.indexLine(m, fileName));
        written++;
      }
      if (keepOnly.isPresent()) {
        removed += removeAllBut(keepOnly.get(), index);
      }
      writeIndex(index);
    }
    return new Applied(written, removed, skipped);
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
            Optional<String> before = text(file);
            String text = MemoryFormat.format(m.toBuilder().supersededBy(e.getValue().orElse(null)).build());
            AtomicFiles.writeString(file, text);
            history.record(m.name(), ChangedBy.TEAM, MemoryVersion.Change.EDITED, before, text);
            changed++;
          }
        } catch (NoSuchFileException ex) {
          // Removed by the team meanwhile: nothing to mark.
        }
      }
    }
    return changed;
  }

  private int removeAllBut(Set<String> slugs, Map<String, String> index) throws IOException {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.md")) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.equals(MemoryStores.INDEX_FILE) || slugs.contains(name.substring(0, name.length() - 3))) {
          continue;
        }
        Optional<String> before = text(f);
        Files.deleteIfExists(f);
        history.recordFile(ChangedBy.TEAM, MemoryVersion.Change.FORGOTTEN, before, Optional.empty());
        index.remove(name);
        removed++;
      }
    }
    index.keySet().removeIf(name -> !slugs.contains(name.substring(0, name.length() - 3)));
    return removed;
  }

  /** A mirrored file's text, for its history; empty when there is none or it is too large to be a memory. */
  private Optional<String> text(Path file) throws IOException {
    try {
      return Files.size(file) > maxBytes ? Optional.empty()
          : Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private Map<String, String> readIndex() throws IOException {
    Map<String, String> index = new TreeMap<>();
    Path file = dir.resolve(MemoryStores.INDEX_FILE);
    if (!Files.exists(file)) {
      return index;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Matcher m = TARGET.matcher(line);
      if (m.find() && m.group(1).endsWith(".md")) {
        index.put(m.group(1), line);
      }
    }
    return index;
  }

  private void writeIndex(Map<String, String> index) throws IOException {
    StringBuilder text = new StringBuilder();
    index.values().forEach(line -> text.append(line).append('\n'));
    AtomicFiles.writeString(dir.resolve(MemoryStores.INDEX_FILE), text.toString());
  }
}
