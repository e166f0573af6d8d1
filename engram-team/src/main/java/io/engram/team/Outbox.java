package io.engram.team;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes waiting for the team database, durably: one JSON file per change, written atomically before anything is
 * sent, deleted only after the database committed it (or recorded it as a conflict). A crash at any point leaves
 * the change queued, and the database recognises a repeat by its change id. Enqueueing holds the outbox's
 * own lock; taking changes out happens under the sync's lock.
 */
final class Outbox {
  // A queued change's file name starts with its time in epoch milliseconds: 13 digits until the year 2286.
  private static final int STAMP_DIGITS = 13;
  private static final String LOCK = ".outbox-lock";

  private final Path dir;
  private final Path refusedDir;

  Outbox(TeamFiles files) {
    this.dir = files.outbox();
    this.refusedDir = files.refused();
  }

  /** A queued change and its file. */
  record Entry(Path file, PendingChange change) {}

  /** A file of the outbox that does not read as a change (it stays where it is). */
  record Unreadable(Path file, String reason) {}

  /** A change the database refused, kept with the reason. */
  record Refused(PendingChange change, String reason, Instant at) {}

  /** What the outbox holds now. */
  record Contents(List<Entry> entries, List<Unreadable> unreadable) {}

  /** Queues {@code change}; it is on disk (written atomically, fsynced) when this returns. */
  Path enqueue(PendingChange change) throws IOException {
    Files.createDirectories(dir);
    // Under the lock, each name sorts after every queued one (even within one millisecond), so the outbox
    // sends in the order the changes were made.
    try (FileLock lock = FileLock.acquire(dir.resolve(LOCK))) {
      long after = files(dir).stream().map(f -> f.getFileName().toString()).filter(n -> n.matches("\\d{" + STAMP_DIGITS + "}-.*"))
          .mapToLong(n -> Long.parseLong(n.substring(0, STAMP_DIGITS))).max().orElse(-1);
      long stamp = Math.max(change.queued().toEpochMilli(), after + 1);
      Path file = dir.resolve(String.format("%013d-%s.json", stamp, change.changeId()));
      AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(change));
      return file;
    }
  }

  /** Every queued change, oldest first, and the files that could not be read. */
  Contents read() throws IOException {
    List<Entry> entries = new ArrayList<>();
    List<Unreadable> unreadable = new ArrayList<>();
    for (Path file : files(dir)) {
      try {
        entries.add(new Entry(file, Json.MAPPER.readValue(Files.readString(file), PendingChange.class)));
      } catch (NoSuchFileException e) {
        // Taken out by a sync in another process between listing and reading.
      } catch (IOException | RuntimeException e) {
        unreadable.add(new Unreadable(file, String.valueOf(e.getMessage()).lines().findFirst().orElse("unreadable")));
      }
    }
    return new Contents(entries, unreadable);
  }

  /** Takes a change out once the database has it. */
  void done(Entry entry) throws IOException {
    Files.deleteIfExists(entry.file());
  }

  /** Moves a change the database refused to {@code refused/}, with the reason; nothing is lost. */
  void refuse(Entry entry, String reason, Instant at) throws IOException {
    AtomicFiles.writeString(refusedDir.resolve(entry.file().getFileName()),
        Json.MAPPER.writeValueAsString(new Refused(entry.change(), reason, at)));
    Files.deleteIfExists(entry.file());
  }

  /** The refused changes, oldest first. */
  List<Refused> refused() throws IOException {
    List<Refused> out = new ArrayList<>();
    for (Path file : files(refusedDir)) {
      try {
        out.add(Json.MAPPER.readValue(Files.readString(file), Refused.class));
      } catch (IOException | RuntimeException e) {
        // A damaged record of a refusal: the file stays for a person to read.
      }
    }
    return out;
  }

  private static List<Path> files(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.json")) {
      s.forEach(files::add);
    }
    files.sort(null);
    return files;
  }
}
