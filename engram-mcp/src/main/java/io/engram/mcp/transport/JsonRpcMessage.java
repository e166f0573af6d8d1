package io.engram.mcp.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One message from an MCP client, read and checked against JSON-RPC 2.0 and MCP: a request (string or
 * integer id), a notification, a response to a server request, a batch of those (JSON-RPC's array, which only
 * MCP 2025-03-26 allows: {@link McpProtocol#batch} decides), or something invalid with the error the JSON-RPC spec
 * names for it (-32700 for what is not JSON, -32600 for JSON that is not a message, an empty batch among them).
 */
public sealed interface JsonRpcMessage {
  /** A request: it gets exactly one answer with its {@code id}. */
  record Request(JsonNode id, String method, Optional<JsonNode> params, String text) implements JsonRpcMessage {
    /** The answer to this request whose result is {@code resultJson}, one JSON line. */
    String result(String resultJson) {
      return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + resultJson + "}";
    }
  }

  /** A notification: it gets no answer. */
  record Notification(String method, Optional<JsonNode> params) implements JsonRpcMessage {}

  /** A response to a request of the server's: never answered, whatever it holds, so no two peers loop. */
  record Response(Optional<JsonNode> id) implements JsonRpcMessage {}

  /** A JSON-RPC batch: its messages in order, each read as a message of its own (a batch inside is invalid). */
  record Batch(List<JsonRpcMessage> messages) implements JsonRpcMessage {}

  /** Not a valid message: it gets {@code error}, with the id when one could be read. */
  record Invalid(JsonRpcError error, Optional<JsonNode> id) implements JsonRpcMessage {
    /** The error response for this message. */
    public String response() {
      return error.response(id);
    }
  }

  /** Reads one message from UTF-8 bytes. Never throws: bad input is an {@link Invalid}. */
  static JsonRpcMessage parse(byte[] bytes, int offset, int length) {
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(bytes, offset, length);
    } catch (JsonProcessingException e) {
      return new Invalid(JsonRpcError.parseError("not valid JSON" + Json.where(e)), Optional.empty());
    } catch (IOException | RuntimeException e) {
      return new Invalid(JsonRpcError.parseError("not valid JSON"), Optional.empty());
    }
    if (node == null || node.isMissingNode()) {
      return new Invalid(JsonRpcError.parseError("empty message"), Optional.empty());
    }
    return of(node, new String(bytes, offset, length, StandardCharsets.UTF_8));
  }

  /** Reads one message from a string. */
  static JsonRpcMessage parse(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return parse(bytes, 0, bytes.length);
  }

  private static JsonRpcMessage of(JsonNode node, String text) {
    if (node.isArray()) {
      if (node.isEmpty()) {
        return new Invalid(JsonRpcError.invalidRequest("an empty batch"), Optional.empty());
      }
      List<JsonRpcMessage> messages = new ArrayList<>();
      node.forEach(m -> messages.add(m.isArray()
          ? new Invalid(JsonRpcError.invalidRequest("a batch inside a batch"), Optional.empty())
          : of(m, m.toString())));
      return new Batch(List.copyOf(messages));
    }
    if (!(node instanceof ObjectNode message)) {
      return new Invalid(JsonRpcError.invalidRequest("a message is a JSON object"), Optional.empty());
    }
    if (!message.has("method") && (message.has("result") || message.has("error"))) {
      return new Response(Optional.ofNullable(message.get("id")).filter(Json::isId));
    }
    JsonNode id = message.get("id");
    if (id != null && !Json.isId(id)) {
      return new Invalid(JsonRpcError.invalidRequest("\"id\" must be a string or an integer"
          + (id.isNull() ? ", never null" : "")), Optional.empty());
    }
    Optional<JsonNode> knownId = Optional.ofNullable(id);
    if (!"2.0".equals(message.path("jsonrpc").textValue())) {
      return new Invalid(JsonRpcError.invalidRequest("\"jsonrpc\" must be \"2.0\""), knownId);
    }
    JsonNode method = message.get("method");
    if (method == null) {
      return new Invalid(JsonRpcError.invalidRequest("no \"method\""), knownId);
    }
    if (!method.isTextual() || method.textValue().isEmpty()) {
      return new Invalid(JsonRpcError.invalidRequest("\"method\" must be a non-empty string"), knownId);
    }
    if (message.has("result") || message.has("error")) {
      return new Invalid(JsonRpcError.invalidRequest("a request has no \"result\" or \"error\""), knownId);
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isNull() && !params.isContainerNode()) {
      return new Invalid(JsonRpcError.invalidRequest("\"params\" must be an object"), knownId);
    }
    Optional<JsonNode> given = Optional.ofNullable(params).filter(p -> !p.isNull());
    return id == null ? new Notification(method.textValue(), given)
        : new Request(id, method.textValue(), given, text);
  }
}
