package io.engram.hosted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.engram.redact.SecretRedactor;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What a framework's conversation may write to disk: copies with every string redacted. Redaction is
 * idempotent, so a conversation read back from disk redacts to itself.
 */
final class RedactedContent {
  private RedactedContent() {}

  /** A copy of the JSON tree {@code node} with every string redacted. */
  static JsonNode json(JsonNode node, SecretRedactor redactor) {
    if (node.isTextual()) {
      return TextNode.valueOf(redactor.redact(node.asText()).text());
    }
    if (node.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      node.forEach(child -> copy.add(json(child, redactor)));
      return copy;
    }
    if (node.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        copy.set(field.getKey(), json(field.getValue(), redactor));
      }
      return copy;
    }
    return node;
  }

  /** A copy of {@code message} whose content blocks are redacted; its metadata is kept. */
  static TranscriptMessage message(TranscriptMessage message, SecretRedactor redactor) {
    List<ContentBlock> blocks = new ArrayList<>(message.blocks().size());
    for (ContentBlock b : message.blocks()) {
      if (b instanceof ContentBlock.Text t) {
        blocks.add(new ContentBlock.Text(redactor.redact(t.text()).text()));
      } else if (b instanceof ContentBlock.Thinking t) {
        blocks.add(new ContentBlock.Thinking(redactor.redact(t.text()).text()));
      } else if (b instanceof ContentBlock.ToolUse u) {
        blocks.add(new ContentBlock.ToolUse(u.id(), u.name(), json(u.input(), redactor)));
      } else if (b instanceof ContentBlock.ToolResult r) {
        blocks.add(new ContentBlock.ToolResult(r.toolUseId(), redactor.redact(r.text()).text(), r.isError()));
      } else {
        blocks.add(b);
      }
    }
    return message.toBuilder().blocks(blocks).build();
  }
}
