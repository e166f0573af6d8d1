package io.engram.mcp.transport;

import io.engram.Engram;
import io.engram.http.HttpAnswer;
import io.engram.http.RequestBody;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * MCP's streamable HTTP transport as a Jetty handler for the endpoint ({@value #ENDPOINT}): a POST carries one
 * JSON-RPC message (or, under 2025-03-26, a batch); a request is answered with {@code application/json} (or, a tool
 * call that asked for progress, with an event stream of its progress and log messages and then its answer), a
 * notification or response with 202, a cancelled request with 202 or a stream that ends without an answer.
 * Every request is answered alike with or without a session; a session ({@link HttpSessions}, given by
 * {@code initialize} in {@code Mcp-Session-Id}, unless the caller says with {@value #RELAY_HEADER} that it cannot
 * read a stream) is only how the server reaches the client: GET with it opens the event stream of its
 * notifications, DELETE ends it; an unknown session id gets 404, GET and DELETE without one 405. Before the body
 * is read: 403 for an {@code Origin} the {@link OriginPolicy} refuses, 401 without the bearer token. Then 400 for
 * a body that is not a message (with its JSON-RPC error) or an unsupported {@code MCP-Protocol-Version}. The
 * body's size bound is the route's ({@code EngramHttpServer}).
 */
public final class McpHttpHandler extends Handler.Abstract {
  /** The endpoint path. */
  public static final String ENDPOINT = "/mcp";

  /** The header of a caller that relays stdio and reads no event stream (the launcher): it gets no session. */
  public static final String RELAY_HEADER = "Engram-Relay";

  /** The header in which the launcher's relay names the agent that started {@code engram mcp}. */
  public static final String AGENT_HEADER = "Engram-Agent";

  private static final String SESSION_HEADER = "Mcp-Session-Id";

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
  private final HttpSessions sessions = new HttpSessions(io.engram.config.McpSettings.DEFAULTS);

  /** A handler answering with the protocol {@code router} chooses for each request. */
  public McpHttpHandler(Router router, BearerToken token, OriginPolicy origins) {
    this.router = router;
    this.token = token;
    this.origins = origins;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    Optional<HttpAnswer> refused = gate(request);
    if (refused.isPresent()) {
      return refused.get().send(response, callback);
    }
    String id = request.getHeaders().get(SESSION_HEADER);
    Optional<HttpSessions.Entry> session = id == null ? Optional.empty() : sessions.find(id);
    if (id != null && session.isEmpty()) {
      return HttpAnswer.text(404, "no such session: it ended or expired; initialize again").send(response, callback);
    }
    switch (request.getMethod()) {
      case "POST" -> {
        return post(request, response, callback, session);
      }
      case "GET" -> {
        if (session.isPresent()) {
          sessions.stream(session.get(), request, response, callback);
          return true;
        }
      }
      case "DELETE" -> {
        if (id != null) {
          sessions.end(id);
          return HttpAnswer.empty(200).send(response, callback);
        }
      }
      default -> { }
    }
    return HttpAnswer.text(405, "method not allowed: POST one JSON-RPC message; GET opens the event stream and DELETE"
        + " ends the session whose Mcp-Session-Id it names").with("Allow", "POST, GET, DELETE")
        .send(response, callback);
  }

  @Override
  protected void doStop() throws Exception {
    sessions.close();
    super.doStop();
  }

  private Optional<HttpAnswer> gate(Request request) {
    Function<String, List<String>> header = name -> request.getHeaders().getFields(name).stream()
        .map(HttpField::getValue).toList();
    if (!origins.allows(header.apply("Origin"))) {
      return Optional.of(HttpAnswer.text(403, "forbidden: this browser origin is refused (only loopback origins are"
          + " served unless configured)"));
    }
    if (!token.accepts(header.apply("Authorization"))) {
      return Optional.of(HttpAnswer.text(401, "unauthorized: send Authorization: Bearer <token>")
          .with("WWW-Authenticate", "Bearer realm=\"engram\""));
    }
    return Optional.empty();
  }

  private boolean post(Request request, Response response, Callback callback, Optional<HttpSessions.Entry> session)
      throws java.io.IOException {
    Function<String, List<String>> header = name -> request.getHeaders().getFields(name).stream()
        .map(HttpField::getValue).toList();
    byte[] body;
    try {
      body = RequestBody.read(request);
    } catch (RequestBody.TooLarge e) {
      return HttpAnswer.text(413, "content too large: " + e.getMessage()).send(response, callback);
    }
    JsonRpcMessage message = JsonRpcMessage.parse(body, 0, body.length);
    if (message instanceof JsonRpcMessage.Invalid invalid) {
      return HttpAnswer.json(400, invalid.response()).send(response, callback);
    }
    boolean initialize = message instanceof JsonRpcMessage.Request r && McpProtocol.isInitialize(r);
    List<String> versions = header.apply("MCP-Protocol-Version");
    String version = versions.isEmpty() ? McpProtocol.DEFAULT_HTTP_VERSION : versions.get(versions.size() - 1);
    if (!initialize && !McpProtocol.VERSIONS.contains(version)) {
      return HttpAnswer.json(400, JsonRpcError.invalidRequest("unsupported MCP-Protocol-Version (this server speaks "
          + String.join(", ", McpProtocol.VERSIONS) + ")").response(Optional.empty())).send(response, callback);
    }
    McpProtocol protocol;
    try {
      protocol = session.isPresent() ? session.get().protocol : router.route(header);
    } catch (IllegalArgumentException e) {
      return HttpAnswer.json(400, JsonRpcError.invalidRequest(e.getMessage()).response(
          message instanceof JsonRpcMessage.Request r ? Optional.of(r.id()) : Optional.empty()))
          .send(response, callback);
    }
    InetSocketAddress remote = (InetSocketAddress) request.getConnectionMetaData().getRemoteSocketAddress();
    Map<String, Object> context = new java.util.HashMap<>(Map.of("transport", "http", "remote", String.valueOf(remote),
        "protocolVersion", version));
    // The launcher's relay passes on the ENGRAM_AGENT of the agent that started 'engram mcp'.
    header.apply(AGENT_HEADER).stream().filter(a -> !a.isBlank()).findFirst().ifPresent(a -> context.put(
        CallControl.AGENT, a));
    Optional<McpSession> client = session.map(e -> e.session);
    // What a request tells on the way goes to the session's event stream, unless it streams its own answer.
    java.util.function.Consumer<String> toSession = m -> client.ifPresent(c -> c.send(m));
    if (message instanceof JsonRpcMessage.Batch batch) {
      String spoken = client.flatMap(McpSession::protocolVersion).orElse(version);
      Optional<String> answers = protocol.batch(batch, context, client, spoken, toSession);
      return answers.map(a -> HttpAnswer.json(a.startsWith("[") ? 200 : 400, a)).orElse(HttpAnswer.empty(202))
          .send(response, callback);
    }
    if (message instanceof JsonRpcMessage.Request r) {
      if (initialize && session.isEmpty() && header.apply(RELAY_HEADER).isEmpty()) {
        String id = sessions.open(protocol);
        HttpSessions.Entry opened = sessions.find(id).orElseThrow();
        return HttpAnswer.json(200, protocol.answer(r, context, Optional.of(opened.session)))
            .with(SESSION_HEADER, id).send(response, callback);
      }
      if (streams(r, header)) {
        HttpSessions.Stream stream = HttpSessions.answerStream(request, response, callback);
        protocol.answer(r, context, client, stream::event).ifPresent(stream::event);
        stream.close();
        return true;
      }
      return protocol.answer(r, context, client, toSession).map(a -> HttpAnswer.json(200, a))
          .orElse(HttpAnswer.empty(202)).send(response, callback);
    }
    if (message instanceof JsonRpcMessage.Notification n) {
      protocol.notification(n, client);
    }
    return HttpAnswer.empty(202).send(response, callback);
  }

  /**
   * Whether {@code request}'s answer comes as an event stream: a tool call that asked for progress, from a client
   * that accepts streams, hears its progress and log messages there before its answer (a cancelled one ends the
   * stream without an answer). Never for the launcher's relay, which reads one JSON answer.
   */
  private static boolean streams(JsonRpcMessage.Request request, Function<String, List<String>> header) {
    return header.apply(RELAY_HEADER).isEmpty() && request.method().equals("tools/call")
        && request.params().map(p -> p.path("_meta").has("progressToken")).orElse(false)
        && header.apply("Accept").stream().anyMatch(a -> a.contains("text/event-stream"));
  }
}
