package io.engram.history;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The turns of every indexed session, one JSON file per session ({@code <dir>/<session>.json}): what a
 * history hit is shown with, and what the search index is rebuilt from when it is lost. Written whole and
 * atomically; the caller holds the history lock.
 */
final class TurnCatalogue {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A turn as stored: absent values are null here only. */
  record Stored(String sessionId, String role, String text, List<String> tools, List<String> files, String timestamp,
      String transcript, int line, String uuid) {
    static Stored of(PastTurn t) {
      return new Stored(t.sessionId(), t.role(), t.text(), t.tools(), t.files(),
          t.timestamp().map(Instant::toString).orElse(null), t.transcript(), t.line(), t.uuid().orElse(null));
    }

    PastTurn turn() {
      return new PastTurn(sessionId, role, text, tools == null ? List.of() : tools, files == null ? List.of() : files,
          Optional.ofNullable(timestamp).map(Instant::parse), transcript, line, Optional.ofNullable(uuid));
    }
  }

  private final Path dir;

  TurnCatalogue(Path dir) {
    this.dir = dir;
  }

  /** The turns of {@code sessionId} by id, in line order; empty when none were kept. */
  Map<String, PastTurn> read(String sessionId) throws IOException {
    Path file = file(sessionId);
    Map<String, PastTurn> out = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return out;
    }
    try {
      for (Stored s : JSON.readValue(file.toFile(), new TypeReference<List<Stored>>() {})) {
        PastTurn t = s.turn();
        out.put(t.id(), t);
      }
    } catch (IOException | RuntimeException e) {
      throw new IOException(file + ": unreadable turn catalogue (" + e.getMessage() + "); delete it and the history"
          + " is read again from the transcripts", e);
    }
    return out;
  }

  /** {@link #read}, with a damaged session file read as holding no turns: it hides its own turns, not the others'. */
  Map<String, PastTurn> readQuietly(String sessionId) {
    try {
      return read(sessionId);
    } catch (IOException e) {
      return Map.of();
    }
  }

  /**
   * Adds or replaces {@code turns} (all of {@code sessionId}) in the session's file, its other turns dropped when
   * {@code replaceAll}; returns every turn the session now has, in line order.
   */
  List<PastTurn> put(String sessionId, List<PastTurn> turns, boolean replaceAll) throws IOException {
    Map<String, PastTurn> all = replaceAll ? new LinkedHashMap<>() : read(sessionId);
    turns.forEach(t -> all.put(t.id(), t));
    List<PastTurn> ordered = all.values().stream().sorted(java.util.Comparator.comparingInt(PastTurn::line)).toList();
    Files.createDirectories(dir);
    AtomicFiles.writeString(file(sessionId), JSON.writeValueAsString(ordered.stream().map(Stored::of).toList()));
    return ordered;
  }

  /** A session file as last seen: its size and when it last changed, in nanoseconds as the file system keeps it. */
  record Stamp(long size, long modified) {}

  /**
   * Every session that has a file here (its file name, which {@link #read} takes), with the file's stamp; read
   * from the directory alone, without opening a file.
   */
  Map<String, Stamp> stamps() throws IOException {
    Map<String, Stamp> out = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        try {
          BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
          out.put(name.substring(0, name.length() - ".json".length()),
              new Stamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
        } catch (NoSuchFileException e) {
          // removed while listed: it has no turns to check
        }
      }
    }
    return out;
  }

  private Path file(String sessionId) {
    return dir.resolve(safe(sessionId) + ".json");
  }

  /** A session id as a file name: anything but letters, digits, '.', '_' and '-' becomes '_'. */
  static String safe(String sessionId) {
    String s = sessionId.replaceAll("[^A-Za-z0-9._-]", "_");
    return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
  }
}
