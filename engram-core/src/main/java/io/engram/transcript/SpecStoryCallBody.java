package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The body of one tool call as SpecStory wrote it ({@link SpecStoryTool}): its fenced blocks, each with the label line
 * before it, the lines between them, and the fields its {@code Parameters:} JSON gives the call's input.
 */
final class SpecStoryCallBody {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A fenced block of a call's body and the label line before it ("" when none). */
  record Block(String language, String content, String label) {}

  private SpecStoryCallBody() {}

  /**
   * The fenced blocks of a body, its other lines, and the fields of its {@code Parameters:} JSON, or, where {@code
   * jsonInput}, of a JSON block it starts with (what a tool without a rendering of its own is given).
   */
  static void parse(List<String> body, List<Block> blocks, List<String> text, ObjectNode input,
      boolean jsonInput) {
    String label = "";
    for (int i = 0; i < body.size(); i++) {
      String line = body.get(i);
      Optional<String> fence = SpecStoryMarkdown.fenceOpened(line);
      if (fence.isEmpty()) {
        if (!line.isBlank()) {
          text.add(line);
          label = line.strip();
        }
        continue;
      }
      int end = i + 1;
      while (end < body.size() && !SpecStoryMarkdown.closes(body.get(end), fence.get())) {
        end++;
      }
      String content = String.join("\n", body.subList(i + 1, Math.min(end, body.size())));
      blocks.add(new Block(SpecStoryMarkdown.fenceLanguage(line), content, label));
      boolean input0 = jsonInput && blocks.size() == 1 && label.isEmpty() && text.isEmpty()
          && SpecStoryMarkdown.fenceLanguage(line).equals("json");
      if (label.equals("Parameters:") || input0) {
        try {
          JsonNode parameters = JSON.readTree(content);
          if (parameters != null && parameters.isObject()) {
            parameters.fields().forEachRemaining(f -> input.set(f.getKey(), f.getValue()));
          }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          if (!input0) {
            text.add(content); // kept as what the call was given, in words
          }
        }
      }
      label = "";
      i = end;
    }
  }
}
