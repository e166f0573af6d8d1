package io.engram.dream;

import io.engram.extract.ExistingMemory;
import io.engram.extract.Extractor;
import io.engram.extract.MemoryCandidate;
import io.engram.extract.ExtractionPass;
import io.engram.extract.TranscriptTurns;
import io.engram.extract.TurnText;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The gather phase: finds the transcripts of sessions since the last consolidation and extracts
 * memory candidates from their turns. Sources: Claude Code's {@code <claudeHome>/projects/<sanitized>/*.jsonl}
 * modified after the last consolidation, and the transcripts {@link SessionTranscripts} recorded for the
 * sessions counted since then. Turns come from {@link TranscriptTurns} (the extraction pass's own mapping:
 * typed input, assistant text, tool output; turns that wrote into the memory directory are skipped), from
 * where the per-turn extraction pass stopped reading the transcript.
 */
final class Gatherer {

  /** One session's new knowledge: its date pins the relative dates of its candidates. */
  record Session(String sessionId, Path transcript, LocalDate date, List<MemoryCandidate> candidates,
      List<Instant> turnTimes) {}

  record Gathered(List<Session> sessions, List<String> problems) {}

  private final Path memoryDir;
  private final Path claudeProjectDir;
  private final Path engramHome;
  private final Extractor extractor;

  Gatherer(Path memoryDir, Path claudeProjectDir, Path engramHome, Extractor extractor) {
    this.memoryDir = memoryDir;
    this.claudeProjectDir = claudeProjectDir;
    this.engramHome = engramHome;
    this.extractor = extractor;
  }

  /** The transcripts to read, oldest first: modified after {@code since}, or recorded for {@code sessions}. */
  List<Path> transcripts(Optional<Instant> since, Set<String> sessions) throws IOException {
    Map<Path, Instant> found = new LinkedHashMap<>();
    if (Files.isDirectory(claudeProjectDir)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(claudeProjectDir, "*.jsonl")) {
        for (Path f : files) {
          Instant m = Files.getLastModifiedTime(f).toInstant();
          if (since.isEmpty() || m.isAfter(since.get())) {
            found.put(f.toAbsolutePath().normalize(), m);
          }
        }
      }
    }
    for (Map.Entry<String, Path> e : new SessionTranscripts(memoryDir).read().entrySet()) {
      Path f = e.getValue();
      if (sessions.contains(e.getKey()) && Files.isRegularFile(f)) {
        found.putIfAbsent(f.toAbsolutePath().normalize(), Files.getLastModifiedTime(f).toInstant());
      }
    }
    return found.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).toList();
  }

  /** Reads one transcript and extracts candidates against the memories already known. */
  Session read(Path file, List<ExistingMemory> existing) throws IOException {
    Transcript t = TranscriptReader.read(file);
    Instant fallback = Files.getLastModifiedTime(file).toInstant();
    // The per-turn pass already wrote what the turns it read teach; only the rest is new knowledge.
    int from = ExtractionPass.alreadyRead(engramHome, t);
    List<TurnText> turns = TranscriptTurns.watching(List.of(memoryDir)).texts(t, from, t.messages().size());
    LocalDate date = t.mainLine().stream().flatMap(m -> m.timestamp().stream()).findFirst().orElse(fallback)
        .atZone(ZoneOffset.UTC).toLocalDate();
    List<MemoryCandidate> candidates = extractor.extract(turns, existing);
    // A transcript without timestamps dates its turns by the file's modification time.
    List<Instant> times = turns.stream().map(TurnText::timestamp).map(at -> at.equals(Instant.EPOCH) ? fallback : at)
        .toList();
    return new Session(t.sessionId(), file, date, candidates, times);
  }
}
