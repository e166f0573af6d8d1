package io.engram.team;

import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The open conflicts of a project as the last sync saw them, one JSON file each in {@code conflicts/}, so that
 * {@code engram team status} and {@code engram team resolve} work offline. Written after every sync: files of
 * conflicts resolved meanwhile go.
 */
final class ConflictFiles {
  private ConflictFiles() {}

  static void write(Path dir, List<TeamConflict> open) throws IOException {
    Files.createDirectories(dir);
    Set<String> keep = new HashSet<>();
    for (TeamConflict c : open) {
      String name = fileName(c);
      keep.add(name);
      AtomicFiles.writeString(dir.resolve(name), Json.MAPPER.writeValueAsString(c));
    }
    for (Path f : files(dir)) {
      if (!keep.contains(f.getFileName().toString())) {
        Files.deleteIfExists(f);
      }
    }
  }

  /** The conflicts the last sync saw open, oldest first; an unreadable file is skipped (the next sync rewrites it). */
  static List<TeamConflict> read(Path dir) throws IOException {
    List<TeamConflict> out = new ArrayList<>();
    for (Path f : files(dir)) {
      try {
        out.add(Json.MAPPER.readValue(Files.readString(f), TeamConflict.class));
      } catch (NoSuchFileException e) {
        // Removed by a sync meanwhile.
      } catch (com.fasterxml.jackson.core.JacksonException e) {
        // Damaged: the next sync writes it again from the database.
      }
    }
    out.sort(java.util.Comparator.comparingLong(TeamConflict::id));
    return out;
  }

  private static String fileName(TeamConflict c) {
    return String.format("%012d-%s.json", c.id(), c.slug());
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
