package io.engram.dream;

import io.engram.extract.ExistingMemory;
import io.engram.extract.Extractor;
import io.engram.extract.MemoryCandidate;
import io.engram.extract.TurnRole;
import io.engram.extract.TurnText;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The gather phase: finds the transcripts of sessions since the last consolidation and extracts
 * memory candidates from their turns. Sources: Claude Code's {@code <claudeHome>/projects/<sanitized>/*.jsonl}
 * modified after the last consolidation, and the transcripts {@link SessionTranscripts} recorded for the
 * sessions counted since then.
 */
final class Gatherer {

  /** One session's new knowledge: its date pins the relative dates of its candidates. */
  record Session(String sessionId, Path transcript, LocalDate date, List<MemoryCandidate> candidates,
      List<Instant> turnTimes) {}

  record Gathered(List<Session> sessions, List<String> problems) {}

  private final Path memoryDir;
  private final Path claudeProjectDir;
  private final Extractor extractor;

  Gatherer(Path memoryDir, Path claudeProjectDir, Extractor extractor) {
    this.memoryDir = memoryDir;
    this.claudeProjectDir = claudeProjectDir;
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
    List<TurnText> turns = turns(t, fallback);
    LocalDate date = t.mainLine().stream().flatMap(m -> m.timestamp().stream()).findFirst().orElse(fallback)
        .atZone(ZoneOffset.UTC).toLocalDate();
    List<MemoryCandidate> candidates = extractor.extract(turns, existing);
    return new Session(t.sessionId(), file, date, candidates, turns.stream().map(TurnText::timestamp).toList());
  }

  /**
   * Maps the main line to extractor turns: typed user input, assistant text, tool results as untrusted
   * tool output. A turn (a human message and what follows it) in which the agent wrote a file inside
   * the memory directory is marked {@code memoryWritten}, so it is not extracted twice.
   */
  List<TurnText> turns(Transcript t, Instant fallback) {
    List<TranscriptMessage> main = t.mainLine();
    boolean[] written = memoryWrites(main);
    List<TurnText> out = new ArrayList<>();
    Instant last = fallback;
    for (int i = 0; i < main.size(); i++) {
      TranscriptMessage m = main.get(i);
      Instant at = m.timestamp().orElse(last);
      last = at;
      String text;
      TurnRole role;
      if (m.isHumanInput()) {
        role = TurnRole.USER;
        text = m.text();
      } else if (m.role() == io.engram.transcript.Role.ASSISTANT) {
        role = TurnRole.ASSISTANT;
        text = m.text();
      } else if (!m.toolResults().isEmpty()) {
        role = TurnRole.TOOL_OUTPUT;
        text = m.toolResults().stream().map(ContentBlock.ToolResult::text).collect(Collectors.joining("\n"));
      } else {
        continue;
      }
      if (!text.isBlank()) {
        out.add(new TurnText(role, text, at, t.sessionId(), written[i]));
      }
    }
    return out;
  }

  private boolean[] memoryWrites(List<TranscriptMessage> main) {
    boolean[] written = new boolean[main.size()];
    int turnStart = 0;
    for (int i = 0; i <= main.size(); i++) {
      if (i == main.size() || main.get(i).isHumanInput()) {
        boolean wrote = false;
        for (int j = turnStart; j < i; j++) {
          wrote |= main.get(j).toolUses().stream().anyMatch(this::writesMemory);
        }
        for (int j = turnStart; j < i; j++) {
          written[j] = wrote;
        }
        turnStart = i;
      }
    }
    return written;
  }

  private boolean writesMemory(ContentBlock.ToolUse use) {
    String path = use.inputText("file_path");
    if (path.isBlank()) {
      return false;
    }
    try {
      return Path.of(path).toAbsolutePath().normalize().startsWith(memoryDir);
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }
}
