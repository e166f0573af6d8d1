package io.engram.dream;

import io.engram.memory.Memory;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The day a memory's relative dates are read from: the date of the session it came from, else the day
 * it was created, never the day the dream runs.
 *
 * <p>A session's date is the first timestamp of its transcript: the sessions this run gathered are
 * known already; any other is looked up in the transcript Engram recorded for it ({@link
 * SessionTranscripts}) or in Claude Code's project directory ({@code <session-id>.jsonl}), reading at
 * most the first {@value #MAX_LINES} lines. So a memory extracted today from an old transcript is pinned
 * to that transcript's day. Without a session (or its transcript), {@code created} is used, except for a
 * memory created before the last consolidation and written after it: the dream pins every phrase it
 * sees, so an unpinned phrase in such a memory came with that later write.
 */
final class SessionDates {
  // A transcript's first timestamp is on its first records; 200 lines pass the opening snapshots and metadata.
  static final int MAX_LINES = 200;
  private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\"\\s*:\\s*\"([^\"]{10,40})\"");
  private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  private final Map<String, LocalDate> known = new HashMap<>();
  private final Map<String, Optional<LocalDate>> lookedUp = new HashMap<>();
  private final Map<String, Path> recorded;
  private final Path claudeProjectDir;
  private final Optional<Instant> lastConsolidation;

  /**
   * @param recorded the transcripts Engram recorded per session
   * @param claudeProjectDir Claude Code's transcript directory of the project
   * @param lastConsolidation when the previous dream finished, if ever
   */
  SessionDates(Map<String, Path> recorded, Path claudeProjectDir, Optional<Instant> lastConsolidation) {
    this.recorded = Map.copyOf(recorded);
    this.claudeProjectDir = claudeProjectDir;
    this.lastConsolidation = lastConsolidation;
  }

  /** Records the date of a session this run read. */
  void gathered(String sessionId, LocalDate date) {
    known.put(sessionId, date);
  }

  /** The day {@code m}'s relative dates are read from; see the class comment. */
  LocalDate of(Memory m) {
    Optional<LocalDate> session = m.session().flatMap(this::session);
    if (session.isPresent()) {
      return session.get();
    }
    Instant created = m.created().or(m::updated).orElse(Instant.EPOCH);
    Instant updated = m.updated().orElse(created);
    boolean writtenSinceLastDream = lastConsolidation.isPresent() && created.isBefore(lastConsolidation.get())
        && !updated.isBefore(lastConsolidation.get());
    return (writtenSinceLastDream ? updated : created).atZone(ZoneOffset.UTC).toLocalDate();
  }

  /** The date of a session: gathered this run, else the first timestamp of its transcript on disk. */
  Optional<LocalDate> session(String sessionId) {
    LocalDate d = known.get(sessionId);
    if (d != null) {
      return Optional.of(d);
    }
    return lookedUp.computeIfAbsent(sessionId, this::lookUp);
  }

  private Optional<LocalDate> lookUp(String sessionId) {
    Path file = recorded.get(sessionId);
    if ((file == null || !Files.isRegularFile(file)) && SAFE_ID.matcher(sessionId).matches()) {
      file = claudeProjectDir.resolve(sessionId + ".jsonl");
    }
    if (file == null || !Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return firstTimestamp(file).map(at -> at.atZone(ZoneOffset.UTC).toLocalDate());
  }

  /** The first parseable {@code "timestamp"} in the first lines of a JSONL transcript. */
  static Optional<Instant> firstTimestamp(Path transcript) {
    try (BufferedReader in = Files.newBufferedReader(transcript, StandardCharsets.UTF_8)) {
      String line;
      for (int n = 0; n < MAX_LINES && (line = in.readLine()) != null; n++) {
        Matcher m = TIMESTAMP.matcher(line);
        while (m.find()) {
          try {
            return Optional.of(Instant.parse(m.group(1)));
          } catch (DateTimeException e) {
            // Not an ISO instant (another tool's field of the same name); keep looking.
          }
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      // An unreadable or non-UTF-8 transcript dates nothing; the memory's own dates are used.
    }
    return Optional.empty();
  }
}
