package io.engram.hosted;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * A transcript as the JSON lines of a Claude Code session, so that the work a framework's conversation is owed
 * can wait on disk and be read back by the one transcript reader: ids, roles, content blocks and the
 * compaction-summary mark survive the round trip.
 */
final class TranscriptLines {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TranscriptLines() {}

  /** The lines of {@code transcript}. */
  static String write(Transcript transcript) {
    StringBuilder lines = new StringBuilder();
    for (TranscriptMessage m : transcript.messages()) {
      ObjectNode record = JSON.createObjectNode()
          .put("type", m.role().name().toLowerCase(Locale.ROOT))
          .put("sessionId", transcript.sessionId());
      m.uuid().ifPresent(id -> record.put("uuid", id));
      if (m.role() == Role.SYSTEM) {
        record.put("content", m.text());
      } else {
        record.put("isCompactSummary", m.isCompactSummary());
        ObjectNode message = record.putObject("message").put("role", record.get("type").asText());
        message.set("content", blocks(m));
      }
      try {
        lines.append(JSON.writeValueAsString(record)).append('\n');
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("a JSON tree always serialises", e);
      }
    }
    return lines.toString();
  }

  /** The transcript {@code lines} hold, under {@code sessionId}. */
  static Transcript read(String lines, String sessionId) {
    try {
      return TranscriptReader.read(new StringReader(lines), sessionId);
    } catch (IOException e) {
      throw new UncheckedIOException("a string reader does not fail", e);
    }
  }

  private static ArrayNode blocks(TranscriptMessage m) {
    ArrayNode blocks = JSON.createArrayNode();
    for (ContentBlock b : m.blocks()) {
      ObjectNode block = blocks.addObject();
      if (b instanceof ContentBlock.Text t) {
        block.put("type", "text").put("text", t.text());
      } else if (b instanceof ContentBlock.Thinking t) {
        block.put("type", "thinking").put("thinking", t.text());
      } else if (b instanceof ContentBlock.ToolUse u) {
        block.put("type", "tool_use").put("id", u.id()).put("name", u.name()).set("input", u.input());
      } else if (b instanceof ContentBlock.ToolResult r) {
        block.put("type", "tool_result").put("tool_use_id", r.toolUseId()).put("content", r.text())
            .put("is_error", r.isError());
      } else if (b instanceof ContentBlock.Other o) {
        block.put("type", o.type());
      }
    }
    return blocks;
  }
}
