package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;

/**
 * The shape MCP gives the params of each request this server answers, checked before anything acts on
 * them, so a wrong shape is -32602 with a sentence rather than a failure deep in a deserializer. Only
 * {@code resources/list} comes in pages; a cursor for another list is refused.
 */
final class RequestParams {
  private static final Set<String> LISTS = Set.of("tools/list", "resources/templates/list", "prompts/list");

  private RequestParams() {}

  /** What is wrong with {@code params} for {@code method}; empty when nothing is. */
  static Optional<JsonRpcError> check(String method, Optional<JsonNode> params) {
    if (params.isPresent() && !params.get().isObject()) {
      return invalid("MCP params are a JSON object, not an array");
    }
    JsonNode p = params.orElse(Json.MAPPER.createObjectNode());
    if (p.has("_meta") && !p.get("_meta").isObject()) {
      return invalid("\"_meta\" must be an object");
    }
    if (method.equals("resources/list")) {
      return p.hasNonNull("cursor") && !p.get("cursor").isTextual() ? invalid("\"cursor\" must be a string")
          : Optional.empty();
    }
    if (LISTS.contains(method)) {
      return p.hasNonNull("cursor")
          ? invalid("unknown cursor: this list comes in one page and never hands one out")
          : Optional.empty();
    }
    return switch (method) {
      case "initialize" -> initialize(p);
      case "tools/call" -> string(p, "name").or(() -> objectOrAbsent(p, "arguments"));
      case "resources/read", "resources/subscribe", "resources/unsubscribe" -> string(p, "uri");
      case "logging/setLevel" -> string(p, "level");
      case "prompts/get" -> string(p, "name").or(() -> objectOrAbsent(p, "arguments"));
      default -> Optional.empty();
    };
  }

  private static Optional<JsonRpcError> initialize(JsonNode p) {
    return string(p, "protocolVersion")
        .or(() -> objectOrAbsent(p, "capabilities"))
        .or(() -> objectOrAbsent(p, "clientInfo"));
  }

  private static Optional<JsonRpcError> string(JsonNode p, String name) {
    JsonNode v = p.get(name);
    return v != null && v.isTextual() && !v.textValue().isBlank() ? Optional.empty()
        : invalid("\"" + name + "\" must be a non-empty string");
  }

  private static Optional<JsonRpcError> objectOrAbsent(JsonNode p, String name) {
    JsonNode v = p.get(name);
    return v == null || v.isNull() || v.isObject() ? Optional.empty() : invalid("\"" + name + "\" must be an object");
  }

  private static Optional<JsonRpcError> invalid(String why) {
    return Optional.of(JsonRpcError.invalidParams(why));
  }
}
