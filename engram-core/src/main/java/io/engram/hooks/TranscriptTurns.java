package io.engram.hooks;

import io.engram.extract.TurnRole;
import io.engram.extract.TurnText;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns a transcript's messages after a given line into the extractor's {@link TurnText}s: what the
 * person typed as {@code USER}, the agent's text as {@code ASSISTANT}, tool results as
 * {@code TOOL_OUTPUT}; harness-injected (meta) records, compaction summaries and side chains are skipped.
 * A turn in which the agent called a memory-writing tool (Engram's {@code remember}, or a write into a
 * {@code memory/} directory) is marked, so extraction leaves it alone.
 */
final class TranscriptTurns {
  private TranscriptTurns() {}

  static List<TurnText> after(Transcript transcript, int afterLine) {
    List<TranscriptMessage> fresh = transcript.messages().stream()
        .filter(m -> m.lineNumber() > afterLine && !m.isMeta() && !m.isCompactSummary() && !m.isSidechain())
        .toList();
    boolean memoryWritten = fresh.stream().flatMap(m -> m.toolUses().stream()).anyMatch(TranscriptTurns::writesMemory);
    List<TurnText> turns = new ArrayList<>();
    for (TranscriptMessage m : fresh) {
      Instant at = m.timestamp().orElse(Instant.EPOCH);
      if (m.role() == Role.USER) {
        if (m.isHumanInput()) {
          turns.add(new TurnText(TurnRole.USER, m.text(), at, transcript.sessionId(), memoryWritten));
        }
        for (ContentBlock.ToolResult r : m.toolResults()) {
          if (!r.text().isBlank()) {
            turns.add(new TurnText(TurnRole.TOOL_OUTPUT, r.text(), at, transcript.sessionId(), memoryWritten));
          }
        }
      } else if (m.role() == Role.ASSISTANT && !m.text().isBlank()) {
        turns.add(new TurnText(TurnRole.ASSISTANT, m.text(), at, transcript.sessionId(), memoryWritten));
      }
    }
    return turns;
  }

  static int lastLine(Transcript transcript) {
    return transcript.messages().stream().mapToInt(TranscriptMessage::lineNumber).max().orElse(0);
  }

  private static boolean writesMemory(ContentBlock.ToolUse use) {
    String name = use.name().toLowerCase(Locale.ROOT);
    if (name.contains("engram") && name.contains("remember")) {
      return true;
    }
    String path = use.inputText("file_path");
    return (name.equals("write") || name.equals("edit")) && path.contains("/memory/");
  }
}
