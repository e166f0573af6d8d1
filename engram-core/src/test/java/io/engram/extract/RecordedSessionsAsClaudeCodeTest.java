package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import io.engram.testing.TestResources;
import io.engram.transcript.CompactionBoundary;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real recorded sessions of Codex, Gemini CLI, OpenCode and Cursor ({@code transcripts/README.md}), and Cursor
 * sessions in SpecStory's Markdown, each written
 * again as a Claude Code transcript with the same content (what the person typed, what the agent said, every tool call
 * and its result, in order, at the same times and in the same directory): extraction learns from the agent's own file
 * exactly what it learns from Claude Code's, and both read to the same typed messages and tool calls.
 */
class RecordedSessionsAsClaudeCodeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC);

  @TempDir Path tmp;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl",
      "codex/agentv__rollout-2026-06-26T12-23-52-019f03e0-321f-7eb2-83cc-b54ecd71be23.jsonl",
      "gemini/codemie__session-2025-12-01T21-45-5b959dae.json",
      "gemini/entire__session-8a7ae754.json",
      "gemini/git-ai__session-simple.jsonl",
      "opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json",
      "opencode/nivalis__ses_288a619a2ffe7ERuoRX8IhBLBz.json",
      "opencode/session-bridge__ses_277daa810ffePOBsdfS6gm8uA2.json",
      "cursor/git-ai__cursor-session-simple.jsonl",
      "specstory/cursor-v2.md",
      "specstory/cursor-2025.md",
      "specstory/cursor-first.md",
  })
  void extractionLearnsFromTheAgentsFileWhatItLearnsFromTheSameSessionInClaudeCodes(String fixture) throws Exception {
    Path own = TestResources.path("transcripts/" + fixture);
    Transcript read = TranscriptReader.read(own);
    Path claude = Files.writeString(tmp.resolve("claude.jsonl"), asClaudeCode(read));
    Transcript again = TranscriptReader.read(claude);

    assertThat(again.userMessages()).extracting(TranscriptMessage::typedText)
        .containsExactlyElementsOf(read.userMessages().stream().map(TranscriptMessage::typedText).toList());
    assertThat(again.toolCallCounts()).isEqualTo(read.toolCallCounts());
    assertThat(again.boundaries()).extracting(CompactionBoundary::trigger)
        .containsExactlyElementsOf(read.boundaries().stream().map(CompactionBoundary::trigger).toList());
    assertThat(learned("own", own, read.sessionId())).isEqualTo(learned("claude", claude, read.sessionId()));
  }

  /**
   * What an offline pass over {@code file} does: the turn texts it read, every candidate's fate (written, or skipped
   * and why) and the memories it wrote, by name: type, description and body.
   */
  private Map<String, String> learned(String name, Path file, String session) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(name));
    ProjectMemory store = MemoryStores.open(new EngramRoots(dir.resolve("home"), dir.resolve("user"),
        Files.createDirectories(dir.resolve("project"))), EngramSettings.DEFAULTS, CLOCK);
    ExtractionReport report = new ExtractionPass(EngramSettings.DEFAULTS, ModelRouter.offline(), store,
        dir.resolve("home"), CLOCK).run(file, session, false).orElseThrow();
    Map<String, String> learned = new TreeMap<>();
    learned.put(" turn texts", String.valueOf(report.read().turnTexts()));
    for (ExtractionOutcome o : report.outcomes()) {
      learned.merge(" " + o.kind() + " " + o.name(), o.type() + " " + o.reason().orElse(""), (a, b) -> a + "; " + b);
    }
    for (StoredMemory m : store.list().memories()) {
      Memory memory = m.memory();
      learned.put(memory.name(), memory.type() + " | " + memory.description() + " | " + memory.body());
    }
    return learned;
  }

  /**
   * {@code t} as Claude Code writes a session: one line per message, tool calls by id, results in user lines; a
   * compaction as its {@code compact_boundary} record, the summary after it marked {@code isCompactSummary}.
   */
  private static String asClaudeCode(Transcript t) throws IOException {
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (int i = 0; i < t.messages().size(); i++) {
      TranscriptMessage m = t.messages().get(i);
      for (CompactionBoundary boundary : t.boundaries()) {
        if (boundary.messageIndex() == i) {
          ObjectNode record = JSON.createObjectNode().put("type", "system").put("subtype", "compact_boundary")
              .put("uuid", "b" + i).put("sessionId", t.sessionId());
          record.putObject("compactMetadata").put("trigger", boundary.trigger());
          out.append(JSON.writeValueAsString(record)).append('\n');
        }
      }
      if (m.role() == Role.SYSTEM) {
        continue;
      }
      n++;
      ObjectNode line = JSON.createObjectNode().put("type", m.role() == Role.USER ? "user" : "assistant")
          .put("uuid", "m" + n).put("sessionId", t.sessionId());
      m.timestamp().ifPresent(at -> line.put("timestamp", at.toString()));
      m.cwd().ifPresent(cwd -> line.put("cwd", cwd));
      if (m.isMeta()) {
        line.put("isMeta", true);
      }
      if (m.isSidechain()) {
        line.put("isSidechain", true);
      }
      if (m.isCompactSummary()) {
        line.put("isCompactSummary", true);
      }
      ObjectNode message = line.putObject("message").put("role", m.role() == Role.USER ? "user" : "assistant");
      m.model().ifPresent(model -> message.put("model", model));
      if (m.isHumanInput()) {
        message.put("content", m.typedText());
      } else {
        ArrayNode content = message.putArray("content");
        int b = 0;
        for (ContentBlock block : m.blocks()) {
          b++;
          if (block instanceof ContentBlock.Text text) {
            content.addObject().put("type", "text").put("text", text.text());
          } else if (block instanceof ContentBlock.Thinking thinking) {
            content.addObject().put("type", "thinking").put("thinking", thinking.text());
          } else if (block instanceof ContentBlock.ToolUse use) {
            content.addObject().put("type", "tool_use")
                .put("id", use.id().isEmpty() ? "call-" + n + "-" + b : use.id()).put("name", use.name())
                .set("input", use.input());
          } else if (block instanceof ContentBlock.ToolResult result) {
            content.addObject().put("type", "tool_result").put("tool_use_id", result.toolUseId())
                .put("content", result.text()).put("is_error", result.isError());
          }
        }
        if (content.isEmpty()) {
          continue;
        }
      }
      out.append(JSON.writeValueAsString(line)).append('\n');
    }
    return out.toString();
  }
}
