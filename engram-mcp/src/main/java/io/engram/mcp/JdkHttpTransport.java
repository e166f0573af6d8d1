package io.engram.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import reactor.core.publisher.Mono;

/**
 * MCP's streamable HTTP transport, stateless variant, on the JDK's {@code com.sun.net.httpserver}.
 *
 * <p>One endpoint ({@code /mcp}): a POST carries one JSON-RPC message; a request is answered with
 * {@code application/json}, a notification with 202. GET and DELETE answer 405, which the protocol
 * allows for a server that opens no server-to-client stream and keeps no sessions. Every request must
 * carry {@code Authorization: Bearer <token>}, compared in constant time; anything else gets 401 before
 * the body is read. Bodies above 4 MiB get 413.
 */
final class JdkHttpTransport implements McpStatelessServerTransport {
  static final String ENDPOINT = "/mcp";
  private static final int MAX_BODY = 4 * 1024 * 1024;

  private final McpJsonMapper json;
  private final byte[] token;
  private final HttpServer server;
  private final ExecutorService executor;
  private volatile McpStatelessServerHandler handler;
  private volatile boolean closing;

  JdkHttpTransport(McpJsonMapper json, InetSocketAddress bind, String token) throws IOException {
    this.json = json;
    this.token = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    this.server = HttpServer.create(bind, 0);
    this.executor = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "engram-mcp-http");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
  }

  void start() {
    server.start();
  }

  InetSocketAddress address() {
    return server.getAddress();
  }

  @Override
  public void setMcpHandler(McpStatelessServerHandler handler) {
    this.handler = handler;
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(() -> {
      closing = true;
      server.stop(1);
      executor.shutdownNow();
    });
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      if (!ENDPOINT.equals(ex.getRequestURI().getPath())) {
        send(ex, 404, "text/plain", "not found: the MCP endpoint is " + ENDPOINT);
        return;
      }
      if (!authorized(ex.getRequestHeaders().getFirst("Authorization"))) {
        ex.getResponseHeaders().add("WWW-Authenticate", "Bearer realm=\"engram\"");
        send(ex, 401, "text/plain", "unauthorized: send Authorization: Bearer <token>");
        return;
      }
      if (!"POST".equals(ex.getRequestMethod())) {
        ex.getResponseHeaders().add("Allow", "POST");
        send(ex, 405, "text/plain", "method not allowed: this server is stateless and opens no event stream");
        return;
      }
      if (closing || handler == null) {
        send(ex, 503, "text/plain", "server is shutting down");
        return;
      }
      byte[] body = readBody(ex.getRequestBody());
      if (body == null) {
        send(ex, 413, "text/plain", "request body above " + MAX_BODY + " bytes");
        return;
      }
      dispatch(ex, new String(body, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      // A failure here must still answer, or the client sees a dropped connection.
      sendError(ex, 500, null, McpSchema.ErrorCodes.INTERNAL_ERROR, "internal error: " + e);
    }
  }

  private void dispatch(HttpExchange ex, String body) throws IOException {
    McpSchema.JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(json, body);
    } catch (IOException | RuntimeException e) { // Jackson 3 reports bad JSON with unchecked exceptions
      sendError(ex, 400, null, McpSchema.ErrorCodes.PARSE_ERROR, "not a JSON-RPC message: " + e.getMessage());
      return;
    }
    McpTransportContext context = McpTransportContext.create(Map.of("remote", String.valueOf(ex.getRemoteAddress())));
    if (message instanceof McpSchema.JSONRPCRequest request) {
      McpSchema.JSONRPCResponse response;
      try {
        response = handler.handleRequest(context, request)
            .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
      } catch (RuntimeException e) {
        sendError(ex, 500, request.id(), McpSchema.ErrorCodes.INTERNAL_ERROR, "failed: " + e.getMessage());
        return;
      }
      send(ex, 200, "application/json", json.writeValueAsString(response));
    } else if (message instanceof McpSchema.JSONRPCNotification notification) {
      handler.handleNotification(context, notification)
          .contextWrite(c -> c.put(McpTransportContext.KEY, context)).onErrorResume(e -> Mono.empty()).block();
      ex.sendResponseHeaders(202, -1);
    } else {
      sendError(ex, 400, null, McpSchema.ErrorCodes.INVALID_REQUEST, "the server accepts requests and notifications only");
    }
  }

  private boolean authorized(String header) {
    return header != null && MessageDigest.isEqual(header.strip().getBytes(StandardCharsets.UTF_8), token);
  }

  private static byte[] readBody(InputStream in) throws IOException {
    byte[] body = in.readNBytes(MAX_BODY + 1);
    return body.length > MAX_BODY ? null : body;
  }

  private void sendError(HttpExchange ex, int status, Object id, int code, String message) throws IOException {
    // Built by hand: JSON-RPC answers an unparseable message with "id": null, which the SDK's record refuses.
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("jsonrpc", McpSchema.JSONRPC_VERSION);
    response.put("id", id);
    response.put("error", error);
    send(ex, status, "application/json", json.writeValueAsString(response));
  }

  private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }
}
