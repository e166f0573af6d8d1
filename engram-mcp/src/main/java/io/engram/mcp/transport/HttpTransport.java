package io.engram.mcp.transport;

import io.engram.config.EngramSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * MCP's streamable HTTP transport, stateless: one endpoint ({@code /mcp}), a POST carries one JSON-RPC
 * message; a request is answered with {@code application/json}, a notification or response with 202. GET
 * and DELETE answer 405 (the spec allows that of a server that opens no event stream and keeps no
 * session). Before the body is read: 404 off the endpoint, 403 for an {@code Origin} the
 * {@link OriginPolicy} refuses, 401 without the bearer token. Then 413 above the size bound, 400 for a
 * body that is not a message (with its JSON-RPC error) or an unsupported {@code MCP-Protocol-Version}.
 */
public final class HttpTransport implements AutoCloseable {
  /** The endpoint path. */
  public static final String ENDPOINT = "/mcp";

  /**
   * Chooses the protocol that answers a request, from its header fields (one server for many projects names
   * the project in a header); throws {@link IllegalArgumentException} with the reason to refuse it (400).
   */
  @FunctionalInterface
  public interface Router {
    /** The protocol for a request whose field values {@code header} gives by name (any case). */
    McpProtocol route(Function<String, List<String>> header);
  }

  private final Router router;
  private final BearerToken token;
  private final OriginPolicy origins;
  private final HttpServerLoop server;
  private volatile boolean closing;

  private HttpTransport(Router router, InetSocketAddress bind, BearerToken token, OriginPolicy origins,
      EngramSettings.Mcp limits, Consumer<String> log) throws IOException {
    this.router = router;
    this.token = token;
    this.origins = origins;
    this.server = HttpServerLoop.start(bind, limits, new Exchange(), log);
  }

  /** Serves {@code protocol} at {@code bind} until closed. */
  public static HttpTransport start(McpProtocol protocol, InetSocketAddress bind, BearerToken token,
      OriginPolicy origins, EngramSettings.Mcp limits, Consumer<String> log) throws IOException {
    return new HttpTransport(header -> protocol, bind, token, origins, limits, log);
  }

  /** Serves the protocol {@code router} chooses for each request at {@code bind} until closed. */
  public static HttpTransport start(Router router, InetSocketAddress bind, BearerToken token,
      OriginPolicy origins, EngramSettings.Mcp limits, Consumer<String> log) throws IOException {
    return new HttpTransport(router, bind, token, origins, limits, log);
  }

  /** The address it listens on (the real port when 0 was asked for). */
  public InetSocketAddress address() {
    return server.address();
  }

  @Override
  public void close() {
    closing = true;
    server.close();
  }

  private final class Exchange implements HttpServerLoop.Exchange {
    @Override
    public Optional<HttpResponse> head(HttpRequestHead head) {
      if (!ENDPOINT.equals(head.path())) {
        return Optional.of(HttpResponse.text(404, "not found: the MCP endpoint is " + ENDPOINT));
      }
      if (!origins.allows(head.values("Origin"))) {
        return Optional.of(HttpResponse.text(403, "forbidden: this browser origin is refused (only loopback origins"
            + " are served unless configured)"));
      }
      if (!token.accepts(head.values("Authorization"))) {
        return Optional.of(HttpResponse.text(401, "unauthorized: send Authorization: Bearer <token>")
            .withHeader("WWW-Authenticate", "Bearer realm=\"engram\""));
      }
      if (!"POST".equals(head.method())) {
        return Optional.of(HttpResponse.text(405, "method not allowed: this server is stateless and opens no event"
            + " stream; POST one JSON-RPC message").withHeader("Allow", "POST"));
      }
      return Optional.empty();
    }

    @Override
    public HttpResponse handle(HttpRequestHead head, byte[] body, InetSocketAddress remote) {
      if (closing) {
        return HttpResponse.text(503, "server is shutting down").closing();
      }
      JsonRpcMessage message = JsonRpcMessage.parse(body, 0, body.length);
      if (message instanceof JsonRpcMessage.Invalid invalid) {
        return HttpResponse.json(400, invalid.response());
      }
      boolean initialize = message instanceof JsonRpcMessage.Request r && McpProtocol.isInitialize(r);
      List<String> versions = head.values("MCP-Protocol-Version");
      String version = versions.isEmpty() ? McpProtocol.DEFAULT_HTTP_VERSION : versions.get(versions.size() - 1);
      if (!initialize && !McpProtocol.VERSIONS.contains(version)) {
        return HttpResponse.json(400, JsonRpcError.invalidRequest("unsupported MCP-Protocol-Version"
            + " (this server speaks " + String.join(", ", McpProtocol.VERSIONS) + ")").response(Optional.empty()));
      }
      McpProtocol protocol;
      try {
        protocol = router.route(head::values);
      } catch (IllegalArgumentException e) {
        return HttpResponse.json(400, JsonRpcError.invalidRequest(e.getMessage()).response(
            message instanceof JsonRpcMessage.Request r ? Optional.of(r.id()) : Optional.empty()));
      }
      if (message instanceof JsonRpcMessage.Request request) {
        return HttpResponse.json(200, protocol.answer(request, Map.of("transport", "http", "remote",
            String.valueOf(remote), "protocolVersion", version)));
      }
      if (message instanceof JsonRpcMessage.Notification notification) {
        protocol.notification(notification);
      }
      return HttpResponse.empty(202);
    }
  }
}
