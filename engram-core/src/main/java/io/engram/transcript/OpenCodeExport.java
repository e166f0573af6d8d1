package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an OpenCode session as {@code opencode export} prints it, and as the SDK's {@code session.messages}
 * returns it: {@code {info, messages: [{info, parts}]}}.
 *
 * <p>The session's {@code info} gives its id and directory; each message's {@code info} its role, time, model and
 * working directory. A user message's {@code text} parts are what the person typed (those OpenCode marks {@code
 * synthetic}, such as an attached file's content, are harness text, kept as a message of their own). An assistant
 * message is one or more steps ({@code step-start} to {@code step-finish}, whose token counts are the request's
 * usage); each step becomes an assistant message of its reasoning, text and tool calls, then a message of the calls'
 * results: a {@code tool} part holds a call and, once it has run, its output or error. A user message holding a
 * {@code compaction} part marks a {@link CompactionBoundary}; the assistant message OpenCode marks {@code summary}
 * after it holds the summary that replaced the context, read as Claude Code's compaction summary is. Parts of other
 * types ({@code patch}, {@code file}, {@code agent}, {@code subtask}, later ones) are counted and skipped.
 */
final class OpenCodeExport {
  private final List<TranscriptMessage> messages = new ArrayList<>();
  private final List<CompactionBoundary> boundaries = new ArrayList<>();
  private final List<ReadProblem> problems = new ArrayList<>();
  private final Map<String, Integer> counts = new HashMap<>();
  private Optional<String> cwd = Optional.empty();

  private OpenCodeExport() {}

  /** Reads the export {@code root}; {@code fallbackSessionId} when its {@code info} has no id. */
  static Transcript read(JsonNode root, String fallbackSessionId) {
    OpenCodeExport export = new OpenCodeExport();
    JsonNode info = root.path("info");
    export.cwd = Records.text(info, "directory");
    int position = 0;
    for (JsonNode message : root.path("messages")) {
      position++;
      if (message.isObject() && message.path("info").isObject()) {
        export.message(message, position);
      } else {
        export.problems.add(ReadProblem.atMessage(position, "message without an info object"));
      }
    }
    return new Transcript(Records.text(info, "id").orElse(fallbackSessionId), Optional.empty(), export.messages,
        export.boundaries, List.of(), Records.text(info, "title").stream().toList(), export.counts, export.problems,
        CodingAgent.OPENCODE);
  }

  private void message(JsonNode message, int position) {
    JsonNode info = message.path("info");
    String role = Records.text(info, "role").orElse("");
    counts.merge(role.isEmpty() ? "message" : role, 1, Integer::sum);
    Optional<String> id = Records.text(info, "id");
    Optional<Instant> at = millis(info.path("time").path("created"));
    Optional<String> dir = Records.text(info.path("path"), "cwd").or(() -> cwd);
    JsonNode parts = message.path("parts");
    if (role.equals("user")) {
      user(parts, id, at, dir, position);
    } else if (role.equals("assistant")) {
      if (info.path("summary").asBoolean(false)) {
        List<ContentBlock> text = new ArrayList<>();
        parts.forEach(p -> Records.text(p, "text").filter(t -> type(p).equals("text"))
            .ifPresent(t -> text.add(new ContentBlock.Text(t))));
        messages.add(TranscriptMessage.builder(Role.USER, text).uuid(id).timestamp(at).cwd(dir)
            .compactSummary(true).lineNumber(position).build());
        return;
      }
      Optional<String> model = Records.text(info, "modelID");
      steps(parts, id, at, dir, model, tokens(info.path("tokens")), position);
    } else {
      problems.add(ReadProblem.atMessage(position, "unknown role \"" + role + "\""));
    }
  }

  private void user(JsonNode parts, Optional<String> id, Optional<Instant> at, Optional<String> dir, int position) {
    List<ContentBlock> typed = new ArrayList<>();
    List<ContentBlock> added = new ArrayList<>();
    for (JsonNode part : parts) {
      String type = type(part);
      counts.merge("part:" + type, 1, Integer::sum);
      switch (type) {
        case "text" -> (part.path("synthetic").asBoolean(false) ? added : typed)
            .add(new ContentBlock.Text(Records.text(part, "text").orElse("")));
        case "compaction" -> boundaries.add(new CompactionBoundary(position, messages.size(), id, at,
            part.path("auto").asBoolean(false) ? "auto" : "manual", Optional.empty()));
        default -> typed.add(new ContentBlock.Other(type));
      }
    }
    if (typed.stream().anyMatch(ContentBlock.Text.class::isInstance)) {
      messages.add(TranscriptMessage.builder(Role.USER, typed).uuid(id).timestamp(at).cwd(dir).lineNumber(position)
          .build());
    }
    if (!added.isEmpty()) {
      messages.add(TranscriptMessage.builder(Role.USER, added).timestamp(at).cwd(dir).meta(true).lineNumber(position)
          .build());
    }
  }

  private void steps(JsonNode parts, Optional<String> id, Optional<Instant> at, Optional<String> dir,
      Optional<String> model, Optional<Usage> messageUsage, int position) {
    List<ContentBlock> blocks = new ArrayList<>();
    List<ContentBlock> results = new ArrayList<>();
    Optional<Usage> usage = Optional.empty();
    boolean stepped = false;
    for (JsonNode part : parts) {
      String type = type(part);
      counts.merge("part:" + type, 1, Integer::sum);
      switch (type) {
        case "step-start" -> {
          flush(blocks, results, usage, id, at, dir, model, position);
          usage = Optional.empty();
        }
        case "step-finish" -> {
          stepped = true;
          usage = tokens(part.path("tokens"));
        }
        case "text" -> blocks.add(new ContentBlock.Text(Records.text(part, "text").orElse("")));
        case "reasoning" -> blocks.add(new ContentBlock.Thinking(Records.text(part, "text").orElse("")));
        case "tool" -> tool(part, blocks, results);
        default -> { } // patch, file, agent, subtask, snapshot, retry
      }
    }
    flush(blocks, results, stepped ? usage : messageUsage, id, at, dir, model, position);
  }

  private void tool(JsonNode part, List<ContentBlock> blocks, List<ContentBlock> results) {
    JsonNode state = part.path("state");
    String callId = Records.text(part, "callID").or(() -> Records.text(part, "id")).orElse("");
    blocks.add(ToolVocabulary.call(CodingAgent.OPENCODE, callId, Records.text(part, "tool").orElse(""),
        state.path("input")));
    switch (Records.text(state, "status").orElse("")) {
      case "completed" -> results.add(new ContentBlock.ToolResult(callId, Records.text(state, "output").orElse(""),
          false));
      case "error" -> results.add(new ContentBlock.ToolResult(callId, Records.text(state, "error").orElse("error"),
          true));
      default -> { } // pending or running: no result yet
    }
  }

  private void flush(List<ContentBlock> blocks, List<ContentBlock> results, Optional<Usage> usage,
      Optional<String> id, Optional<Instant> at, Optional<String> dir, Optional<String> model, int position) {
    if (!blocks.isEmpty() || usage.isPresent()) {
      messages.add(TranscriptMessage.builder(Role.ASSISTANT, List.copyOf(blocks)).uuid(id).timestamp(at).cwd(dir)
          .model(model).usage(usage).lineNumber(position).build());
    }
    if (!results.isEmpty()) {
      messages.add(TranscriptMessage.builder(Role.USER, List.copyOf(results)).timestamp(at).cwd(dir)
          .lineNumber(position).build());
    }
    blocks.clear();
    results.clear();
  }

  private static String type(JsonNode part) {
    return Records.text(part, "type").orElse("unknown");
  }

  // OpenCode counts cache reads and writes apart from the input, and reasoning apart from the output.
  private static Optional<Usage> tokens(JsonNode tokens) {
    if (!tokens.isObject()) {
      return Optional.empty();
    }
    JsonNode cache = tokens.path("cache");
    return Optional.of(new Usage(tokens.path("input").asLong(0), cache.path("read").asLong(0),
        cache.path("write").asLong(0), tokens.path("output").asLong(0) + tokens.path("reasoning").asLong(0)));
  }

  private static Optional<Instant> millis(JsonNode value) {
    return value.isNumber() ? Optional.of(Instant.ofEpochMilli(value.asLong())) : Optional.empty();
  }
}
