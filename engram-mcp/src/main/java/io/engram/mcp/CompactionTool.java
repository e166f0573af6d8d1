package io.engram.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.SessionCompaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.engram.levels.ContextLevelKeeper;
import io.engram.levels.PreparedCompaction;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code compact} tool: compacts the current segment of a Claude Code transcript through {@link
 * SessionCompaction}, as {@code engram compact} does. Its structured content is the {@link
 * CompactionResult} in the JSON form {@code engram compact --json} prints (restored files named and
 * scored, their contents left out, so the tool never hands out file text the transcript only pointed
 * at); its text content is the summary and its score. When Engram prepared a compaction of the transcript as
 * it is now (its window reached the urgent or critical level), that one is answered as it is, marked
 * {@code prepared}.
 */
final class CompactionTool {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules().build();

  private final EngramServices services;

  CompactionTool(EngramServices services) {
    this.services = services;
  }

  MemoryTools.ToolDef def() {
    return new MemoryTools.ToolDef("compact", "Compact a Claude Code transcript (.jsonl): the 9-section summary of"
        + " the messages after its last compaction, its quality score (0.3 SC + 0.4 KP + 0.2 CC + 0.1 CR), the files"
        + " and todos to restore, the instruction files to re-inject, and what was lost.",
        "{\"type\":\"object\",\"properties\":{\"transcript\":{\"type\":\"string\",\"minLength\":1,\"description\":"
            + "\"Absolute path of the session's .jsonl transcript\"},\"instructions\":{\"type\":\"string\","
            + "\"description\":\"Extra instructions for the summary, as in /compact TEXT\"}},"
            + "\"required\":[\"transcript\"],\"additionalProperties\":false}",
        this::run);
  }

  private MemoryTools.ToolAnswer run(Arguments args) throws IOException {
    Path path = Path.of(args.requiredString("transcript"));
    if (!path.isAbsolute()) {
      throw new ToolInputException("argument 'transcript' must be an absolute path, was " + path);
    }
    if (!path.getFileName().toString().endsWith(".jsonl") || !Files.isRegularFile(path)) {
      throw new ToolInputException("argument 'transcript': no .jsonl transcript file at " + path);
    }
    Optional<String> instructions = args.optionalString("instructions");
    Transcript transcript = TranscriptReader.read(path);
    if (transcript.messages().isEmpty()) {
      throw new ToolInputException("argument 'transcript': " + path + " holds no messages");
    }
    if (instructions.isEmpty()) {
      Optional<PreparedCompaction> ready = keeper().preparedFor(transcript);
      if (ready.isPresent()) {
        return prepared(ready.get());
      }
    }
    SessionCompaction compaction = new SessionCompaction(services.settings(), services.router(),
        services.engramHome(), services.instructions()::load);
    CompactionResult r;
    try {
      r = compaction.compact(transcript, SessionCompaction.Request.userRequested(instructions.orElse("")));
    } catch (IllegalArgumentException e) {
      throw new ToolInputException("argument 'transcript': " + e.getMessage());
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = JSON.convertValue(r, Map.class);
    String text = r.summary() + r.scoring().score().map(s -> String.format(Locale.ROOT,
        "%n%nscore %.1f (SC %.0f, KP %.0f, CC %.0f, CR %.0f); %,d -> %,d tokens", s.total(), s.sections(),
        s.keyInformation(), s.continuity(), s.compression(), r.sizes().tokensBefore(), r.sizes().tokensAfter())).orElse("");
    return new MemoryTools.ToolAnswer(text, structured);
  }

  /** The compaction Engram prepared when the window reached its urgent or critical level, used as it is. */
  private MemoryTools.ToolAnswer prepared(PreparedCompaction p) {
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = JSON.convertValue(p.result(), Map.class);
    structured.put("prepared", Map.of("at", p.preparedAt(), "percent", p.percent(), "messages", p.messages()));
    return new MemoryTools.ToolAnswer(p.summary() + String.format(Locale.ROOT, "%n%nprepared by Engram at %d%% of the"
        + " window (%s); the transcript has not changed since", p.percent(), p.preparedAt()), structured);
  }

  private ContextLevelKeeper keeper() {
    return new ContextLevelKeeper(services.settings(), services.router(), services.engramHome(),
        services.memory().location(), services.instructions()::load, Clock.systemUTC());
  }
}
