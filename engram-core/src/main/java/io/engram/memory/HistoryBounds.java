package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.AppendOnlyLines;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The bounds of a store directory's {@link MemoryHistory}: at most {@code memory.historyMaxVersions} versions per
 * memory, its oldest dropped, and past {@code memory.historyMaxBytes} in the directory, the histories of the memories
 * changed longest ago go whole (a history alone over the cap keeps its newest versions that fit, the last always).
 * Rewrites a killed writer left are cleared on the way. The caller holds the store's lock.
 */
final class HistoryBounds {
  // Not a setting: as the store's leftovers (Leftovers.ABANDONED), a margin far beyond any write, which no user tunes.
  private static final Duration ABANDONED = Duration.ofHours(1);

  private final Path dir;
  private final MemorySettings settings;
  private final Clock clock;

  HistoryBounds(Path dir, MemorySettings settings, Clock clock) {
    this.dir = dir;
    this.settings = settings;
    this.clock = clock;
  }

  /** Keeps the memory's newest versions within the per-memory cap, then the directory within its bytes. */
  void keep(Path file, int newest) throws IOException {
    // Versions are numbered without gaps and only the oldest are dropped, so the first line says how many there are
    // without reading the rest.
    Optional<String> first = AppendOnlyLines.first(file);
    int oldest;
    try {
      oldest = first.isEmpty() ? newest : MemoryHistory.parse(first.get(), file, 1).number();
    } catch (IOException e) {
      oldest = Integer.MIN_VALUE / 2; // a line edited by hand: count the lines instead
    }
    if (newest - oldest + 1 > settings.historyMaxVersions()) {
      List<String> lines = AppendOnlyLines.read(file);
      if (lines.size() > settings.historyMaxVersions()) {
        AppendOnlyLines.replace(file, lines.subList(lines.size() - settings.historyMaxVersions(), lines.size()));
      }
    }
    List<Path> others = new ArrayList<>();
    long total = 0;
    Instant old = clock.instant().minus(ABANDONED);
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        String n = p.getFileName().toString();
        if (n.endsWith(".tmp") && a.lastModifiedTime().toInstant().isBefore(old)) {
          Files.deleteIfExists(p); // a rewrite a killed writer left
        } else if (a.isRegularFile() && n.endsWith(MemoryHistory.SUFFIX)) {
          total += a.size();
          if (!p.equals(file)) {
            others.add(p);
          }
        }
      }
    }
    if (total <= settings.historyMaxBytes()) {
      return;
    }
    others.sort(Comparator.comparing(HistoryBounds::modified));
    for (Path p : others) {
      if (total <= settings.historyMaxBytes()) {
        return;
      }
      total -= sizeOf(p);
      Files.deleteIfExists(p);
    }
    // This memory's history alone is over the cap (a few huge versions): its newest that fit stay, the last always.
    List<String> own = AppendOnlyLines.read(file);
    long room = settings.historyMaxBytes() / 2;
    int from = own.size() - 1;
    long used = own.get(from).length();
    while (from > 0 && used + own.get(from - 1).length() + 1 <= room) {
      used += own.get(--from).length() + 1;
    }
    AppendOnlyLines.replace(file, own.subList(from, own.size()));
  }

  private static java.nio.file.attribute.FileTime modified(Path p) {
    try {
      return Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return java.nio.file.attribute.FileTime.fromMillis(0);
    }
  }

  private static long sizeOf(Path p) {
    try {
      return Files.size(p);
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      return 0;
    }
  }
}
