package io.engram.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionResult;
import io.engram.compaction.SessionCompaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code compact} tool: compacts the current segment of a Claude Code transcript through {@link
 * SessionCompaction}, as {@code engram compact} does. Its structured content is the {@link
 * CompactionResult} in the JSON form {@code engram compact --json} prints (restored files named and
 * scored, their contents left out, so the tool never hands out file text the transcript only pointed
 * at); its text content is the summary and its score.
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
    SessionCompaction compaction = new SessionCompaction(services.settings(), services.router(),
        services.engramHome(), services.instructions()::load);
    CompactionResult r;
    try {
      r = compaction.compact(path,
          SessionCompaction.Request.userRequested(args.optionalString("instructions").orElse("")));
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
}
