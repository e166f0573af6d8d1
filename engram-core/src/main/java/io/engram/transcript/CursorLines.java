package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Cursor agent transcript: {@code {"role", "message": {"content": [...]}}} per line, with no ids, times or
 * token counts (the session's id is the file's name).
 *
 * <p>What the person typed is the text inside {@code <user_query>}; what Cursor adds around it ({@code
 * <timestamp>}, {@code <attached_files>}, {@code <external_links>}, images) is not theirs and is left out. An
 * assistant line holds text and {@code tool_use} blocks ({@code Shell}, {@code Read}, {@code Write}, {@code
 * StrReplace}, {@code ApplyPatch} with the patch as its whole input, ...), taken into the transcript's vocabulary with ids made from their line; Cursor records no tool
 * results. What Cursor hid stands as {@code [REDACTED]}: a block of nothing else is the agent's hidden reasoning, and
 * the marker is cut from the end of a text. Lines of other shapes ({@code turn_ended}, the {@code metadata} line a
 * transcript may start with, later versions' events) are counted and skipped.
 */
final class CursorLines extends JsonLines {
  private static final Pattern QUERY = Pattern.compile("<user_query>\\s*(.*?)\\s*</user_query>", Pattern.DOTALL);
  private static final String REDACTED = "[REDACTED]";

  CursorLines() {
    super(CodingAgent.CURSOR);
  }

  @Override
  void record(JsonNode record, int lineNumber) {
    String role = Records.text(record, "role").orElse("");
    JsonNode content = record.path("message").path("content");
    if (role.isEmpty() || !record.path("message").isObject()) {
      count(Records.text(record, "type").orElse("unknown"));
      return;
    }
    count(role);
    switch (role) {
      case "user" -> messages.add(TranscriptMessage.builder(Role.USER, userBlocks(content)).lineNumber(lineNumber)
          .build());
      case "assistant" -> messages.add(TranscriptMessage.builder(Role.ASSISTANT, assistantBlocks(content, lineNumber))
          .lineNumber(lineNumber).build());
      default -> messages.add(TranscriptMessage.builder(Role.SYSTEM, Records.blocks(content)).meta(true)
          .lineNumber(lineNumber).build());
    }
  }

  private static List<ContentBlock> userBlocks(JsonNode content) {
    List<ContentBlock> blocks = new ArrayList<>();
    for (ContentBlock block : Records.blocks(content)) {
      if (block instanceof ContentBlock.Text text) {
        Matcher query = QUERY.matcher(text.text());
        if (query.find()) {
          StringBuilder typed = new StringBuilder(query.group(1));
          while (query.find()) {
            typed.append("\n\n").append(query.group(1));
          }
          blocks.add(new ContentBlock.Text(typed.toString()));
        } else if (!text.text().stripLeading().startsWith("<")) {
          blocks.add(text); // typed without the wrapper (older transcripts)
        }
      } else {
        blocks.add(block);
      }
    }
    return blocks;
  }

  private static List<ContentBlock> assistantBlocks(JsonNode content, int lineNumber) {
    List<ContentBlock> blocks = new ArrayList<>();
    int calls = 0;
    for (JsonNode part : content) {
      String type = Records.text(part, "type").orElse("");
      if (type.equals("tool_use")) {
        String id = Records.text(part, "id").orElse("line-" + lineNumber + "-" + ++calls);
        blocks.add(ToolVocabulary.call(CodingAgent.CURSOR, id, Records.text(part, "name").orElse(""),
            part.path("input")));
      } else if (type.equals("text")) {
        String text = Records.text(part, "text").orElse("").strip();
        if (text.equals(REDACTED)) {
          blocks.add(new ContentBlock.Thinking(""));
        } else {
          blocks.add(new ContentBlock.Text(text.endsWith(REDACTED)
              ? text.substring(0, text.length() - REDACTED.length()).strip() : text));
        }
      } else {
        blocks.add(Records.block(part));
      }
    }
    return blocks;
  }
}
