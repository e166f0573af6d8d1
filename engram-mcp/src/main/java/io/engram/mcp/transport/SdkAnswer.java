package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The SDK's stateless server's answer to a request, as a client may see it: its result, or its error when that is
 * the protocol's to give (a method not found, a resource not found with its URI); anything internal (-32603, a
 * server-defined code, an exception inside the SDK or a tool) is logged whole and answered -32603 without detail.
 */
final class SdkAnswer {
  // MCP's error code for a resource that does not exist (the specification's resources/read).
  private static final int RESOURCE_NOT_FOUND = -32002;

  private SdkAnswer() {}

  /** The answer of {@code server} to {@code request}, one JSON line; never throws. */
  static String of(McpProtocol.Sdk server, JsonRpcMessage.Request request, Map<String, Object> context,
      Consumer<String> log) {
    Optional<JsonNode> id = Optional.of(request.id());
    try {
      McpSchema.JSONRPCRequest sdkRequest =
          (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(server.json(), request.text());
      McpTransportContext transportContext = McpTransportContext.create(context);
      McpSchema.JSONRPCResponse response = server.handler().handleRequest(transportContext, sdkRequest)
          .contextWrite(c -> c.put(McpTransportContext.KEY, transportContext)).block();
      if (response == null) {
        log.accept(request.method() + ": the SDK gave no answer");
        return JsonRpcError.internal().response(id);
      }
      if (response.error() != null) {
        return error(request, response.error(), log);
      }
      return request.result(server.json().writeValueAsString(response.result()));
    } catch (Exception e) { // a failure inside the SDK or a tool: logged whole, answered without detail
      log.accept(request.method() + " failed: " + e);
      return JsonRpcError.internal().response(id);
    }
  }

  private static String error(JsonRpcMessage.Request request, McpSchema.JSONRPCResponse.JSONRPCError error,
      Consumer<String> log) {
    int code = error.code() == null ? JsonRpcError.INTERNAL_ERROR : error.code();
    if (code == JsonRpcError.INTERNAL_ERROR || code > -32000 || error.message() == null) {
      log.accept(request.method() + " failed: " + error.message());
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
    ObjectNode response = JsonNodeFactory.instance.objectNode();
    response.put("jsonrpc", "2.0");
    response.set("id", request.id());
    ObjectNode body = response.putObject("error").put("code", code).put("message", error.message());
    if (code == RESOURCE_NOT_FOUND && error.data() instanceof Map<?, ?> data && data.get("uri") instanceof String uri) {
      body.putObject("data").put("uri", uri);
    }
    return response.toString();
  }
}
