package io.engram.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionInput;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.Compactor;
import io.engram.compaction.CoveredNotes;
import io.engram.context.ContextWindow;
import io.engram.notes.NotesStore;
import io.engram.notes.StoredNotes;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code compact} tool: compacts the current segment of a Claude Code transcript with the
 * {@link Compactor} (the configured model, else offline) and answers with the same record as
 * {@code engram compact --json}, reusing the session notes Engram kept for the session. Restored files are named and scored, their contents left out, so the
 * tool never hands out file text the transcript only pointed at.
 */
final class CompactionTool {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules().build();

  private final EngramServices services;

  CompactionTool(EngramServices services) {
    this.services = services;
  }

  MemoryTools.ToolDef def() {
    return new MemoryTools.ToolDef("compact", "Compact a Claude Code transcript (.jsonl): the 8-section summary of"
        + " the messages after its last compaction, its quality score (0.3 SC + 0.4 KP + 0.2 CC + 0.1 CR), the files"
        + " and todos to restore, the instruction files to re-inject, and what was lost.",
        "{\"type\":\"object\",\"properties\":{\"transcript\":{\"type\":\"string\",\"minLength\":1,\"description\":"
            + "\"Absolute path of the session's .jsonl transcript\"},\"instructions\":{\"type\":\"string\","
            + "\"description\":\"Extra instructions for the summary, as in /compact TEXT\"}},"
            + "\"required\":[\"transcript\"],\"additionalProperties\":false}",
        this::run);
  }

  private Map<String, Object> run(Arguments args) throws IOException {
    Path path = Path.of(args.requiredString("transcript"));
    if (!path.isAbsolute()) {
      throw new ToolInputException("argument 'transcript' must be an absolute path, was " + path);
    }
    if (!path.getFileName().toString().endsWith(".jsonl") || !Files.isRegularFile(path)) {
      throw new ToolInputException("argument 'transcript': no .jsonl transcript file at " + path);
    }
    Transcript transcript = TranscriptReader.read(path);
    if (transcript.messages().isEmpty()) {
      throw new ToolInputException("argument 'transcript': " + path + " holds no messages");
    }
    String model = transcript.messages().stream().flatMap(m -> m.model().stream()).reduce((a, b) -> b).orElse("");
    CompactionInput input = CompactionInput.currentSegment(transcript,
            ContextWindow.forModel(model, services.settings().context()))
        .withCustomInstructions(args.optionalString("instructions").orElse(""))
        .withInstructions(services.instructions().load());
    Optional<CoveredNotes> notes = keptNotes(transcript.sessionId(), input.messages());
    if (notes.isPresent()) {
      input = input.withNotes(notes.get());
    }
    CompactionResult r = new Compactor(services.settings(),
        JtokkitTokenCounter.forModel(model, services.settings().context()),
        services.router().forSession(transcript.sessionId())).compact(input);
    @SuppressWarnings("unchecked")
    Map<String, Object> result = new LinkedHashMap<>(JSON.convertValue(r, Map.class));
    result.put("restoredFiles", r.restoredFiles().stream().map(f -> Map.of("path", f.path(), "score", f.score(),
        "tokens", f.tokens())).toList());
    result.remove("instructionText");
    result.put("reductionPercent", Math.round(r.reductionPercent() * 10) / 10.0);
    result.put("text", r.summary() + (r.score().isEmpty() ? "" : String.format(java.util.Locale.ROOT,
        "%n%nscore %.1f (SC %.0f, KP %.0f, CC %.0f, CR %.0f); %,d -> %,d tokens", r.score().get().total(),
        r.score().get().sections(), r.score().get().keyInformation(), r.score().get().continuity(),
        r.score().get().compression(), r.tokensBefore(), r.tokensAfter())));
    return result;
  }

  /** The session notes Engram kept for the session, when they end at a message of the part being compacted. */
  private Optional<CoveredNotes> keptNotes(String sessionId, List<TranscriptMessage> messages) throws IOException {
    Optional<StoredNotes> stored;
    try {
      stored = new NotesStore(services.engramHome()).read(sessionId);
    } catch (IllegalArgumentException unsafeId) {
      return Optional.empty();
    }
    return stored.flatMap(n -> CoveredNotes.endingAt(n.notes(), n.state().lastUuid(), messages));
  }
}
