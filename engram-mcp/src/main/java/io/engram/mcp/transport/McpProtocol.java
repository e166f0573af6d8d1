package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * MCP over any transport: answers {@code initialize} and {@code ping} itself (before anything heavy is
 * loaded), checks each request's params, and hands the rest to the SDK's stateless server, which is built
 * on first need ({@link #warmUp()}). It never sends a request to the client, so it never asks a client for
 * what the client did not declare. Answers carry no exception text: an internal failure is logged and
 * the client gets -32603.
 */
public final class McpProtocol {
  /** The protocol revisions this server speaks, oldest first. */
  public static final List<String> VERSIONS = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");

  /** What an HTTP request without {@code MCP-Protocol-Version} is taken to speak (the transport spec's default). */
  public static final String DEFAULT_HTTP_VERSION = "2025-03-26";

  private static final String INITIALIZE = "initialize";
  private static final int RESOURCE_NOT_FOUND = -32002;

  /**
   * What {@code initialize} tells a client about this server.
   *
   * @param name the server's name
   * @param version the server's version
   * @param instructions how a model should use the server
   */
  public record ServerIdentity(String name, String version, String instructions) {}

  /**
   * The SDK's stateless server as the protocol uses it.
   *
   * @param handler answers requests
   * @param json the SDK's JSON mapper, for its result objects
   */
  public record Sdk(McpStatelessServerHandler handler, McpJsonMapper json) {}

  private final ServerIdentity identity;
  private final Supplier<Sdk> factory;
  private final Consumer<String> log;
  private CompletableFuture<Sdk> sdk;

  /** A protocol for {@code identity} whose tools come from {@code factory}; problems go to {@code log}. */
  public McpProtocol(ServerIdentity identity, Supplier<Sdk> factory, Consumer<String> log) {
    this.identity = identity;
    this.factory = factory;
    this.log = log;
  }

  /** Starts building the SDK's server in the background, unless it is built or being built. */
  public synchronized void warmUp() {
    if (sdk == null || sdk.isCompletedExceptionally()) {
      sdk = CompletableFuture.supplyAsync(factory, task -> {
        Thread t = new Thread(task, "engram-mcp-start");
        t.setDaemon(true);
        t.start();
      });
    }
  }

  /** The SDK's server, built now if need be; a failure to build it is thrown. */
  public Sdk sdk() {
    CompletableFuture<Sdk> building;
    synchronized (this) {
      warmUp();
      building = sdk;
    }
    return building.join();
  }

  /** Handles a notification: none is answered; {@code notifications/initialized} starts {@link #warmUp()}. */
  public void notification(JsonRpcMessage.Notification notification) {
    if ("notifications/initialized".equals(notification.method())) {
      warmUp();
    }
  }

  /** Whether {@code request} is the one a client opens a session with. */
  public static boolean isInitialize(JsonRpcMessage.Request request) {
    return INITIALIZE.equals(request.method());
  }

  /** The answer to {@code request}: one JSON line, a result or an error, with the request's id; never throws. */
  public String answer(JsonRpcMessage.Request request, Map<String, Object> context) {
    try {
      return answerOrThrow(request, context);
    } catch (RuntimeException e) { // whatever broke, the client still gets its one answer
      log.accept(request.method() + " failed: " + e);
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
  }

  private String answerOrThrow(JsonRpcMessage.Request request, Map<String, Object> context) {
    Optional<JsonNode> id = Optional.of(request.id());
    Optional<JsonRpcError> refused = RequestParams.check(request.method(), request.params());
    if (refused.isPresent()) {
      return refused.get().response(id);
    }
    if (isInitialize(request)) {
      return result(request.id(), initializeResult(request.params().orElseThrow()).toString());
    }
    if ("ping".equals(request.method())) {
      return result(request.id(), "{}");
    }
    Sdk server;
    try {
      server = sdk();
    } catch (CompletionException | IllegalStateException e) {
      log.accept("cannot start the MCP tools: " + (e.getCause() == null ? e : e.getCause()));
      return JsonRpcError.internal().response(id);
    }
    return viaSdk(server, request, context);
  }

  private String viaSdk(Sdk server, JsonRpcMessage.Request request, Map<String, Object> context) {
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
        return error(request, response.error());
      }
      return result(request.id(), server.json().writeValueAsString(response.result()));
    } catch (Exception e) { // a failure inside the SDK or a tool: logged whole, answered without detail
      log.accept(request.method() + " failed: " + e);
      return JsonRpcError.internal().response(id);
    }
  }

  private String error(JsonRpcMessage.Request request, McpSchema.JSONRPCResponse.JSONRPCError error) {
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

  private ObjectNode initializeResult(JsonNode params) {
    String asked = params.path("protocolVersion").textValue();
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.put("protocolVersion", VERSIONS.contains(asked) ? asked : VERSIONS.get(VERSIONS.size() - 1));
    ObjectNode capabilities = result.putObject("capabilities");
    capabilities.putObject("resources").put("subscribe", false).put("listChanged", false);
    capabilities.putObject("tools").put("listChanged", false);
    result.putObject("serverInfo").put("name", identity.name()).put("version", identity.version());
    result.put("instructions", identity.instructions());
    return result;
  }

  private static String result(JsonNode id, String resultJson) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + resultJson + "}";
  }
}
