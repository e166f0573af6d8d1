package io.engram.memory;

import io.engram.fs.AtomicFiles;
import io.engram.fs.SymbolicLinks;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code <memory>/.trash/}: a forgotten file is kept as {@code <stamp>--<file>.md}, its index line beside
 * it as {@code <stamp>--<file>.md.line}; the stamp (UTC, from the clock) dates the entry for the purge.
 * Callers hold the store's lock.
 */
final class Trash {
  static final String DIR = ".trash";
  private static final String SEP = "--";
  private static final String LINE = ".line";
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'").withZone(ZoneOffset.UTC);

  record Entry(Path file, Instant trashedAt, String originalFileName, Memory memory, String indexLine) {}

  private final Path trashDir;
  private final Clock clock;

  Trash(Path memoryDir, Clock clock) {
    this.trashDir = memoryDir.resolve(DIR);
    this.clock = clock;
  }

  Path put(Path file, String indexLine) throws IOException {
    return put(file, indexLine, file.getFileName().toString());
  }

  /** Trashes {@code file} as if it had been called {@code asName}, the name a restore gives it back. */
  Path put(Path file, String indexLine, String asName) throws IOException {
    SymbolicLinks.refuseBelow(trashDir.getParent(), trashDir);
    Files.createDirectories(trashDir);
    String stamp = STAMP.format(clock.instant());
    Path target = trashDir.resolve(stamp + SEP + asName);
    for (int i = 2; Files.exists(target); i++) {
      target = trashDir.resolve(stamp + "-" + i + SEP + asName);
    }
    AtomicFiles.writeString(lineFile(target), indexLine);
    move(file, target);
    return target;
  }

  /** The newest entry whose memory {@code query} asks for, by its name or as listings show it. */
  Optional<Entry> newest(NameQuery query, SecretRedactor redactor, long maxBytes) throws IOException {
    List<Entry> matches = new ArrayList<>();
    for (Path f : entries()) {
      Optional<Instant> at = stampOf(f);
      if (at.isEmpty()) {
        continue;
      }
      try {
        Memory m = MemoryFormat.read(f, maxBytes);
        if (query.matches(m.name(), redactor)) {
          matches.add(new Entry(f, at.get(), originalName(f), m, readLine(f)));
        }
      } catch (InvalidMemoryException e) {
        // An unreadable trashed file cannot be matched by name; it stays until purged.
      }
    }
    return matches.stream().max(Comparator.comparing(Entry::trashedAt).thenComparing(e -> e.file().toString()));
  }

  /** Every readable entry, newest first; unreadable files stay until purged and are not listed. */
  List<Entry> list(long maxBytes) throws IOException {
    List<Entry> out = new ArrayList<>();
    for (Path f : entries()) {
      Optional<Instant> at = stampOf(f);
      if (at.isEmpty()) {
        continue;
      }
      try {
        out.add(new Entry(f, at.get(), originalName(f), MemoryFormat.read(f, maxBytes), readLine(f)));
      } catch (InvalidMemoryException | NoSuchFileException e) {
        // Unreadable, or restored by another process meanwhile: nothing to show.
      }
    }
    out.sort(Comparator.comparing(Entry::trashedAt).reversed().thenComparing(e -> e.file().toString()));
    return out;
  }

  void takeBack(Entry entry, Path target) throws IOException {
    move(entry.file(), target);
    Files.deleteIfExists(lineFile(entry.file()));
  }

  List<Path> purge(int retentionDays) throws IOException {
    Instant cutoff = clock.instant().minus(Duration.ofDays(retentionDays));
    List<Path> deleted = new ArrayList<>();
    for (Path f : entries()) {
      Optional<Instant> at = stampOf(f);
      if (at.isPresent() && at.get().isBefore(cutoff)) {
        Files.deleteIfExists(f);
        Files.deleteIfExists(lineFile(f));
        deleted.add(f);
      }
    }
    return deleted;
  }

  private List<Path> entries() throws IOException {
    List<Path> out = new ArrayList<>();
    // A trash linked elsewhere is never read, purged or restored from; list() reports the link.
    if (!Files.isDirectory(trashDir, LinkOption.NOFOLLOW_LINKS)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(trashDir, "*.md")) {
      files.forEach(f -> {
        if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
          out.add(f);
        }
      });
    }
    out.sort(null);
    return out;
  }

  private static Optional<Instant> stampOf(Path f) {
    String n = f.getFileName().toString();
    int sep = n.indexOf(SEP);
    if (sep < 0) {
      return Optional.empty();
    }
    String stamp = n.substring(0, sep).replaceFirst("-\\d+$", "");
    try {
      return Optional.of(Instant.from(STAMP.parse(stamp)));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  private static String originalName(Path f) {
    String n = f.getFileName().toString();
    return n.substring(n.indexOf(SEP) + SEP.length());
  }

  private static String readLine(Path f) throws IOException {
    try {
      return Files.readString(lineFile(f), StandardCharsets.UTF_8).strip();
    } catch (NoSuchFileException e) {
      return "";
    }
  }

  private static Path lineFile(Path f) {
    return f.resolveSibling(f.getFileName() + LINE);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
    AtomicFiles.forceDirectory(from.getParent());
    AtomicFiles.forceDirectory(to.getParent());
  }
}
