package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/** One block of a message's content, in the Anthropic content-block shape. */
public sealed interface ContentBlock {

  /** The text this block contributes to a prompt (what a token counter should count). */
  String promptText();

  /** Plain text. */
  record Text(String text) implements ContentBlock {
    public Text {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String promptText() {
      return text;
    }
  }

  /** The model's visible reasoning; empty when the source only kept a signature. */
  record Thinking(String text) implements ContentBlock {
    public Thinking {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String promptText() {
      return text;
    }
  }

  /** A tool call: its id, the tool's name and the JSON input the model gave it. */
  record ToolUse(String id, String name, JsonNode input) implements ContentBlock {
    public ToolUse {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(input, "input");
    }

    /** A string field of the input, or "" when absent or not a string. */
    public String inputText(String field) {
      JsonNode value = input.get(field);
      return value != null && value.isTextual() ? value.asText() : "";
    }

    @Override
    public String promptText() {
      return name + " " + input;
    }
  }

  /** The result of a tool call, flattened to text, and whether the tool reported an error. */
  record ToolResult(String toolUseId, String text, boolean isError) implements ContentBlock {
    public ToolResult {
      Objects.requireNonNull(toolUseId, "toolUseId");
      Objects.requireNonNull(text, "text");
    }

    @Override
    public String promptText() {
      return text;
    }
  }

  /** A block of a type this model does not know (an image, a future block type), kept by name. */
  record Other(String type) implements ContentBlock {
    public Other {
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String promptText() {
      return "";
    }
  }
}
