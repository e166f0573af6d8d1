package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The requests about the connection itself, answered from fixed data before anything heavy is loaded (the fast
 * start): {@code initialize} (the protocol version, the capabilities, which offer notifications only to a client with
 * a session, and the server's name, version and instructions), {@code ping}, {@code logging/setLevel} and {@code
 * resources/subscribe} and {@code unsubscribe}, which need a session to keep them.
 */
final class ConnectionRequests {
  private final McpProtocol.ServerIdentity identity;

  ConnectionRequests(McpProtocol.ServerIdentity identity) {
    this.identity = identity;
  }

  /**
   * The answer to {@code request} of a client with {@code session} (empty: none) when it is about the connection,
   * its params already checked; empty for any other request.
   */
  Optional<String> answer(JsonRpcMessage.Request request, Optional<McpSession> session) {
    Optional<JsonNode> id = Optional.of(request.id());
    if (McpProtocol.isInitialize(request)) {
      ObjectNode initialized = initializeResult(request.params().orElseThrow(), session.isPresent());
      session.ifPresent(s -> s.negotiated(initialized.get("protocolVersion").textValue()));
      JsonNode client = request.params().orElseThrow().path("clientInfo").path("name");
      if (client.isTextual() && !client.asText().isBlank()) {
        session.ifPresent(s -> s.client(client.asText()));
      }
      return Optional.of(request.result(initialized.toString()));
    }
    if ("logging/setLevel".equals(request.method())) {
      Optional<LogLevel> level = LogLevel.of(request.params().orElseThrow().path("level").asText(""));
      if (level.isEmpty()) {
        return Optional.of(JsonRpcError.invalidParams("\"level\" must be one of debug, info, notice, warning, error,"
            + " critical, alert, emergency").response(id));
      }
      session.ifPresent(s -> s.level(level.get())); // without a session there is nowhere to send messages
      return Optional.of(request.result("{}"));
    }
    if ("ping".equals(request.method())) {
      return Optional.of(request.result("{}"));
    }
    if (request.method().equals("resources/subscribe") || request.method().equals("resources/unsubscribe")) {
      if (session.isEmpty()) {
        return Optional.of(JsonRpcError.invalidRequest("subscriptions need a session: over HTTP, send the"
            + " Mcp-Session-Id that initialize gave").response(id));
      }
      String uri = request.params().orElseThrow().get("uri").textValue();
      if (request.method().equals("resources/subscribe")) {
        session.get().subscribe(uri);
      } else {
        session.get().unsubscribe(uri);
      }
      return Optional.of(request.result("{}"));
    }
    return Optional.empty();
  }

  private ObjectNode initializeResult(JsonNode params, boolean notifies) {
    String asked = params.path("protocolVersion").textValue();
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.put("protocolVersion", McpProtocol.VERSIONS.contains(asked) ? asked
        : McpProtocol.VERSIONS.get(McpProtocol.VERSIONS.size() - 1));
    ObjectNode capabilities = result.putObject("capabilities");
    capabilities.putObject("resources").put("subscribe", notifies).put("listChanged", notifies);
    capabilities.putObject("tools").put("listChanged", false);
    capabilities.putObject("prompts").put("listChanged", false);
    capabilities.putObject("completions");
    capabilities.putObject("logging");
    result.putObject("serverInfo").put("name", identity.name()).put("version", identity.version());
    result.put("instructions", identity.instructions());
    return result;
  }
}
