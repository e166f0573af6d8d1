package io.engram.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.engram.redact.SecretRedactor;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;

/** Prints values as pretty JSON for {@code --json}; one shared mapper for every command. */
public final class JsonOutput {
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .findAndAddModules()
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private JsonOutput() {}

  /** Writes {@code value} as JSON followed by a newline, with secrets removed from every string in it. */
  public static void print(PrintWriter out, Object value) {
    try {
      String json = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(redacted(MAPPER.valueToTree(value)));
      if (out instanceof RedactedOutput.Printer printer) {
        printer.printRedacted(json + System.lineSeparator());
      } else {
        out.println(json);
      }
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render JSON output", e);
    }
  }

  private static JsonNode redacted(JsonNode node) {
    return new Redacting().node(node);
  }

  /**
   * The redaction of one output. Redaction is a function of the text alone, and an output repeats many strings (the
   * field names of every object, types, dates), so each distinct string is redacted once.
   */
  private static final class Redacting {
    private final Map<String, String> done = new HashMap<>();

    String text(String s) {
      return done.computeIfAbsent(s, t -> SecretRedactor.standard().redact(t).text());
    }

    JsonNode node(JsonNode node) {
      if (node.isTextual()) {
        return TextNode.valueOf(text(node.textValue()));
      }
      if (node instanceof ObjectNode o) {
        // Keys too: a map keyed by a name or a path can carry a secret as well as its values.
        ObjectNode copy = o.objectNode();
        o.fields().forEachRemaining(e -> copy.set(text(e.getKey()), node(e.getValue())));
        return copy;
      } else if (node instanceof ArrayNode a) {
        for (int i = 0; i < a.size(); i++) {
          a.set(i, node(a.get(i)));
        }
      }
      return node;
    }
  }

  /** The shared mapper, for commands that build trees themselves. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
