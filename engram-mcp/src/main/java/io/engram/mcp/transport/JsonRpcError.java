package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * A JSON-RPC 2.0 error: its code and a message for the client. Messages are written here, never taken
 * from an exception, so no class name or stack detail reaches a client.
 *
 * @param code the JSON-RPC error code
 * @param message what went wrong, in words a client author can act on
 */
public record JsonRpcError(int code, String message) {
  /** Invalid JSON was received. */
  public static final int PARSE_ERROR = -32700;
  /** The JSON sent is not a valid request object. */
  public static final int INVALID_REQUEST = -32600;
  /** The method does not exist or is not available. */
  public static final int METHOD_NOT_FOUND = -32601;
  /** Invalid method parameters. */
  public static final int INVALID_PARAMS = -32602;
  /** Internal JSON-RPC error. */
  public static final int INTERNAL_ERROR = -32603;

  static JsonRpcError parseError(String why) {
    return new JsonRpcError(PARSE_ERROR, "Parse error: " + why);
  }

  static JsonRpcError invalidRequest(String why) {
    return new JsonRpcError(INVALID_REQUEST, "Invalid Request: " + why);
  }

  static JsonRpcError invalidParams(String why) {
    return new JsonRpcError(INVALID_PARAMS, "Invalid params: " + why);
  }

  /** A request the client cancelled (LSP's -32800), for a transport that must answer something. */
  static JsonRpcError cancelled() {
    return new JsonRpcError(-32800, "Request cancelled by the client");
  }

  static JsonRpcError internal() {
    return new JsonRpcError(INTERNAL_ERROR, "Internal error: the server failed to answer; its log (stderr) says why");
  }

  /** The error response to the message whose id is {@code id} ({@code null} in JSON when unknown). */
  String response(Optional<JsonNode> id) {
    ObjectNode response = JsonNodeFactory.instance.objectNode();
    response.put("jsonrpc", "2.0");
    response.set("id", id.orElse(JsonNodeFactory.instance.nullNode()));
    response.putObject("error").put("code", code).put("message", message);
    return response.toString();
  }
}
