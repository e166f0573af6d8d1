package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a Gemini CLI chat, as JSON Lines or (through {@link #document}) as the one JSON document older versions
 * wrote, following Gemini's own loader ({@code loadConversationRecord}).
 *
 * <p>The first line is the session's metadata ({@code sessionId}, {@code projectHash}, ...). Every other line is a
 * message record ({@code id, timestamp, type, content}), a metadata update ({@code {"$set": ...}}) or a rewind
 * ({@code {"$rewindTo": id}}: that message and every later one are gone). A record whose {@code id} was seen before
 * replaces it where it stood: Gemini appends a model message again each time its tool calls, their results or its
 * token counts arrive, and the last copy is the whole message. A {@code $set} of {@code messages} is the model's
 * history replaced: messages it leaves out while bringing new ones (the summary of a compression) stay in the
 * transcript before a {@link CompactionBoundary}, the new ones after it; messages it leaves out bringing nothing new
 * (a request rolled back) are gone, as on a rewind.
 *
 * <p>One record becomes the transcript's messages as Claude Code would have written them: a {@code gemini} record its
 * thoughts, text and tool calls as one assistant message, then the calls' results as a user message of tool
 * results; a {@code user} record the person's message (tool responses it carries are tool results, the {@code
 * <session_context>} Gemini writes first is harness text); {@code info}, {@code error} and {@code warning} records
 * are harness notices. Read a piece at a time ({@link TranscriptReader#readFrom}), a record re-appended after the
 * piece that first held it comes again as a new message.
 */
final class GeminiLines extends JsonLines {
  /** One message record as it stands, and the line that first held it. */
  private record Slot(JsonNode record, int lineNumber, boolean compactionOpening) {}

  /** A compaction: how many of the earlier records precede it. */
  private record Cut(int earlierSlots, int lineNumber, Optional<Instant> at) {}

  private final List<Slot> earlier = new ArrayList<>();
  private final List<Cut> cuts = new ArrayList<>();
  private final LinkedHashMap<String, Slot> live = new LinkedHashMap<>();
  private Optional<String> model = Optional.empty();
  /** What a record's number counts: its line, or its place in the one document's messages. */
  private ReadProblem.Place place = ReadProblem.Place.LINE;

  GeminiLines() {
    super(CodingAgent.GEMINI);
  }

  /** Reads a chat kept as one JSON document: its metadata and its {@code messages}, in order. */
  static Transcript document(JsonNode root, String fallbackSessionId) {
    GeminiLines lines = new GeminiLines();
    lines.place = ReadProblem.Place.MESSAGE;
    lines.record(root, 0);
    int position = 0;
    for (JsonNode message : root.path("messages")) {
      position++;
      if (message.isObject()) {
        lines.record(message, position);
      } else {
        lines.problems.add(ReadProblem.atMessage(position, "message is not a JSON object"));
      }
    }
    return lines.transcript(fallbackSessionId);
  }

  @Override
  void record(JsonNode record, int lineNumber) {
    if (record.has("$rewindTo")) {
      count("$rewindTo");
      rewind(Records.text(record, "$rewindTo").orElse(""));
    } else if (record.has("$set")) {
      count("$set");
      JsonNode set = record.path("$set");
      if (set.path("messages").isArray()) {
        replace(set.path("messages"), lineNumber, Records.instant(set, "lastUpdated"));
      }
    } else if (record.has("sessionId") && record.has("projectHash")) {
      count("metadata");
      if (sessionId.isEmpty()) {
        sessionId = Records.text(record, "sessionId");
      }
    } else if (record.has("id") && record.has("type")) {
      count(Records.text(record, "type").orElse("?"));
      String id = Records.text(record, "id").orElse("line-" + lineNumber);
      Slot before = live.get(id);
      live.put(id, new Slot(record, before == null ? lineNumber : before.lineNumber(), false));
    } else {
      count("unknown");
      problems.add(new ReadProblem(place, lineNumber, "neither a message, a metadata record nor an update"));
    }
  }

  private void rewind(String id) {
    boolean found = false;
    for (var it = live.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      found = found || e.getKey().equals(id);
      if (found) {
        it.remove();
      }
    }
    if (!found) {
      live.clear(); // Gemini's loader: a rewind to a message it does not hold empties the history
    }
  }

  private void replace(JsonNode list, int lineNumber, Optional<Instant> at) {
    Map<String, Slot> next = new LinkedHashMap<>();
    boolean brought = false;
    for (JsonNode record : list) {
      Optional<String> id = Records.text(record, "id");
      if (!record.isObject() || id.isEmpty()) {
        continue;
      }
      Slot before = live.get(id.get());
      brought = brought || before == null;
      next.put(id.get(), new Slot(record, before == null ? lineNumber : before.lineNumber(), before == null));
    }
    List<Slot> left = live.entrySet().stream().filter(e -> !next.containsKey(e.getKey())).map(Map.Entry::getValue)
        .toList();
    if (brought && !left.isEmpty()) { // a compression: what it replaced stays in the transcript, before the cut
      earlier.addAll(left);
      cuts.add(new Cut(earlier.size(), lineNumber, at));
    } else {
      next.replaceAll((id, s) -> new Slot(s.record(), s.lineNumber(), false));
    }
    live.clear();
    live.putAll(next);
  }

  @Override
  public Transcript transcript(String fallbackSessionId) {
    List<TranscriptMessage> built = new ArrayList<>();
    boundaries.clear();
    int cut = 0;
    for (int i = 0; i <= earlier.size(); i++) {
      while (cut < cuts.size() && cuts.get(cut).earlierSlots() == i) {
        Cut c = cuts.get(cut++);
        boundaries.add(new CompactionBoundary(c.lineNumber(), built.size(), Optional.empty(), c.at(), "",
            Optional.empty()));
      }
      if (i < earlier.size()) {
        build(earlier.get(i), built);
      }
    }
    live.values().forEach(s -> build(s, built));
    messages.clear();
    messages.addAll(built);
    return super.transcript(fallbackSessionId);
  }

  private void build(Slot slot, List<TranscriptMessage> out) {
    JsonNode r = slot.record();
    String type = Records.text(r, "type").orElse("");
    Optional<Instant> at = Records.instant(r, "timestamp");
    Optional<String> uuid = Records.text(r, "id");
    switch (type) {
      case "gemini" -> {
        model = Records.text(r, "model").or(() -> model);
        List<ContentBlock> blocks = new ArrayList<>();
        StringBuilder thoughts = new StringBuilder();
        for (JsonNode t : r.path("thoughts")) {
          String subject = Records.text(t, "subject").orElse("");
          String description = Records.text(t, "description").orElse("");
          thoughts.append(thoughts.length() == 0 ? "" : "\n\n")
              .append(subject.isEmpty() || description.isEmpty() ? subject + description : subject + ": " + description);
        }
        if (thoughts.length() > 0) {
          blocks.add(new ContentBlock.Thinking(thoughts.toString()));
        }
        blocks.addAll(parts(r.get("content")));
        List<ContentBlock> results = new ArrayList<>();
        for (JsonNode call : r.path("toolCalls")) {
          String id = Records.text(call, "id").orElse(uuid.orElse("") + "-" + blocks.size());
          blocks.add(ToolVocabulary.call(CodingAgent.GEMINI, id, Records.text(call, "name").orElse(""),
              call.path("args")));
          result(call, id).ifPresent(results::add);
        }
        out.add(TranscriptMessage.builder(Role.ASSISTANT, blocks).uuid(uuid).timestamp(at).model(model)
            .usage(usage(r.path("tokens"))).meta(slot.compactionOpening()).lineNumber(slot.lineNumber()).build());
        if (!results.isEmpty()) {
          out.add(TranscriptMessage.builder(Role.USER, results).timestamp(at).lineNumber(slot.lineNumber()).build());
        }
      }
      case "user" -> {
        List<ContentBlock> blocks = parts(r.get("content"));
        String text = TranscriptMessage.of(Role.USER, blocks).text().stripLeading();
        out.add(TranscriptMessage.builder(Role.USER, blocks).uuid(uuid).timestamp(at)
            .meta(text.startsWith("<session_context>")).compactSummary(slot.compactionOpening())
            .lineNumber(slot.lineNumber()).build());
      }
      default -> out.add(TranscriptMessage.builder(Role.SYSTEM, parts(r.get("content"))).uuid(uuid).timestamp(at)
          .meta(true).lineNumber(slot.lineNumber()).build()); // info, error, warning: the CLI's notices
    }
  }

  /** Gemini content: a string, or parts ({@code text}, {@code functionResponse}, {@code inlineData}, ...). */
  private static List<ContentBlock> parts(JsonNode content) {
    if (content == null || content.isNull() || content.isMissingNode()) {
      return List.of();
    }
    if (content.isTextual()) {
      return content.asText().isEmpty() ? List.of() : List.of(new ContentBlock.Text(content.asText()));
    }
    List<ContentBlock> blocks = new ArrayList<>();
    for (JsonNode part : content.isArray() ? content : List.of(content)) {
      if (part.isTextual()) {
        blocks.add(new ContentBlock.Text(part.asText()));
      } else if (part.has("text")) {
        if (!part.path("thought").asBoolean(false)) {
          blocks.add(new ContentBlock.Text(part.path("text").asText("")));
        }
      } else if (part.has("functionResponse")) {
        JsonNode response = part.path("functionResponse");
        blocks.add(new ContentBlock.ToolResult(Records.text(response, "id").orElse(""),
            responseText(response.path("response")), response.path("response").has("error")));
      } else {
        blocks.add(new ContentBlock.Other(part.fieldNames().hasNext() ? part.fieldNames().next() : "unknown"));
      }
    }
    return blocks;
  }

  private static Optional<ContentBlock> result(JsonNode call, String id) {
    String status = Records.text(call, "status").orElse("");
    JsonNode result = call.get("result");
    String text;
    boolean error = status.equals("error") || status.equals("cancelled");
    if (result != null && result.isArray() && !result.isEmpty()) {
      StringBuilder joined = new StringBuilder();
      for (JsonNode part : result) {
        JsonNode response = part.path("functionResponse").path("response");
        error = error || response.has("error");
        String piece = part.has("functionResponse") ? responseText(response) : part.path("text").asText("");
        joined.append(joined.length() == 0 ? "" : "\n").append(piece);
      }
      text = joined.toString();
    } else if (result != null && result.isTextual()) {
      text = result.asText();
    } else if (call.path("resultDisplay").isTextual()) {
      text = call.path("resultDisplay").asText();
    } else if (status.isEmpty() || status.equals("executing") || status.equals("scheduled")) {
      return Optional.empty(); // not finished when the record was written
    } else {
      text = status;
    }
    return Optional.of(new ContentBlock.ToolResult(id, text, error));
  }

  private static String responseText(JsonNode response) {
    JsonNode value = response.has("output") ? response.get("output") : response.get("error");
    if (value == null) {
      return response.isMissingNode() ? "" : response.toString();
    }
    return value.isTextual() ? value.asText() : value.toString();
  }

  // Gemini counts cached tokens inside the prompt and thinking apart from the reply.
  private static Optional<Usage> usage(JsonNode tokens) {
    if (!tokens.isObject()) {
      return Optional.empty();
    }
    long input = tokens.path("input").asLong(0);
    long cached = tokens.path("cached").asLong(0);
    return Optional.of(new Usage(Math.max(0, input - cached), cached, 0,
        tokens.path("output").asLong(0) + tokens.path("thoughts").asLong(0)));
  }
}
