package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.McpSettings;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * MCP over any transport: answers {@code initialize} and {@code ping} itself (before anything heavy is
 * loaded: {@link ConnectionRequests}), checks each request's params, and hands the rest to the SDK's stateless
 * server, which is built on first need ({@link #warmUp()}). It never sends a request to the client, so it never
 * asks a client for what the client did not declare. Answers carry no exception text: an internal failure is
 * logged and the client gets -32603.
 *
 * <p>A client with a session ({@link McpSession}: stdio, or streamable HTTP with {@code Mcp-Session-Id}) is
 * offered {@code resources.listChanged} and {@code subscribe}: {@code resources/list} is answered from the store
 * as it is at that moment ({@link ResourcePages}), and each session is told what changed ({@link ResourceChanges}).
 * The other requests go to the SDK ({@link SdkAnswer}).
 */
public final class McpProtocol {
  /** The protocol revisions this server speaks, oldest first. */
  public static final List<String> VERSIONS = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");

  /** What an HTTP request without {@code MCP-Protocol-Version} is taken to speak (the transport spec's default). */
  public static final String DEFAULT_HTTP_VERSION = "2025-03-26";

  private static final String INITIALIZE = "initialize";

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
   * @param resources the resources as they are now
   * @param tools the names of the tools it offers
   */
  public record Sdk(McpStatelessServerHandler handler, McpJsonMapper json, Resources resources, Set<String> tools) {
    /** A server whose resources never change. */
    public Sdk(McpStatelessServerHandler handler, McpJsonMapper json, Set<String> tools) {
      this(handler, json, Resources.NONE, tools);
    }
  }

  /** The resources as they are now: what {@code resources/list} answers, and what is compared for changes. */
  public interface Resources {
    /** No resources. */
    Resources NONE = new Resources() {
      @Override
      public List<McpSchema.Resource> list() {
        return List.of();
      }

      @Override
      public Map<String, String> fingerprints() {
        return Map.of();
      }
    };

    /** Every resource as it is now. */
    List<McpSchema.Resource> list() throws IOException;

    /** Each resource's URI with a fingerprint that changes whenever its content does. */
    Map<String, String> fingerprints() throws IOException;

    /**
     * Runs {@code changed} (quickly, on the changer's thread) whenever this process changes the resources, so that
     * sessions are told at once; changes by other processes are found by the periodic check. By default, never.
     */
    default void onChange(Runnable changed) {}
  }

  /** The one protocol version with JSON-RPC batches. */
  static final String BATCH_VERSION = "2025-03-26";

  /** A running request: the session it came in (null: none) and its id as JSON text. */
  private record Running(McpSession session, String id) {}

  private final Map<Running, CallControl> running = new ConcurrentHashMap<>();
  private final ResourceChanges changes;
  private final ConnectionRequests connection;
  private final Supplier<Sdk> factory;
  private final Consumer<String> log;
  private CompletableFuture<Sdk> sdk;

  /**
   * A protocol for {@code identity} whose tools come from {@code factory}, looking for changes by other processes
   * every {@code mcp.changeCheckMillis} of the defaults; problems go to {@code log}.
   */
  public McpProtocol(ServerIdentity identity, Supplier<Sdk> factory, Consumer<String> log) {
    this(identity, factory, log, McpSettings.DEFAULTS.changeCheckMillis());
  }

  /**
   * A protocol for {@code identity} whose tools come from {@code factory}, looking for changes by other processes
   * every {@code changeCheckMillis} while a session is open; problems go to {@code log}.
   */
  public McpProtocol(ServerIdentity identity, Supplier<Sdk> factory, Consumer<String> log, long changeCheckMillis) {
    if (changeCheckMillis <= 0) {
      throw new IllegalArgumentException("changeCheckMillis must be positive, was " + changeCheckMillis);
    }
    this.connection = new ConnectionRequests(identity);
    this.factory = factory;
    this.log = log;
    this.changes = new ResourceChanges(changeCheckMillis, this::built, log);
  }

  /** Starts building the SDK's server in the background, unless it is built or being built. */
  public synchronized void warmUp() {
    if (sdk == null || sdk.isCompletedExceptionally()) {
      sdk = CompletableFuture.supplyAsync(() -> {
        Sdk built = factory.get();
        changes.follow(built.resources());
        return built;
      }, task -> {
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

  /** The resources of the SDK's server once it is built; empty while it is being built or failed to build. */
  private Optional<Resources> built() {
    CompletableFuture<Sdk> building;
    synchronized (this) {
      building = sdk;
    }
    return building == null || !building.isDone() || building.isCompletedExceptionally() ? Optional.empty()
        : Optional.of(building.join().resources());
  }

  /**
   * Handles a notification of the client with {@code session} (empty: none): none is answered; {@code
   * notifications/initialized} starts {@link #warmUp()}, {@code notifications/cancelled} stops the request it names.
   */
  public void notification(JsonRpcMessage.Notification notification, Optional<McpSession> session) {
    if ("notifications/initialized".equals(notification.method())) {
      warmUp();
    } else if ("notifications/cancelled".equals(notification.method())) {
      JsonNode id = notification.params().map(p -> p.get("requestId")).orElse(null);
      CallControl running = id == null ? null : this.running.get(new Running(session.orElse(null), id.toString()));
      if (running != null) {
        running.cancel();
      }
    }
  }

  /** Starts telling {@code session} about changes to the resources. */
  public void open(McpSession session) {
    changes.open(session);
  }

  /** Stops telling {@code session} anything. */
  public void close(McpSession session) {
    changes.close(session);
  }

  /** Whether {@code request} is the one a client opens a session with. */
  public static boolean isInitialize(JsonRpcMessage.Request request) {
    return INITIALIZE.equals(request.method());
  }

  /** The answer to {@code request} from a client without a session: no notifications are offered to it. */
  public String answer(JsonRpcMessage.Request request, Map<String, Object> context) {
    return answer(request, context, Optional.empty());
  }

  /** The answer to {@code request} of a client with {@code session}, its notifications sent to the session. */
  public String answer(JsonRpcMessage.Request request, Map<String, Object> context, Optional<McpSession> session) {
    return answer(request, context, session, message -> session.ifPresent(s -> s.send(message)))
        .orElseGet(() -> JsonRpcError.cancelled().response(Optional.of(request.id())));
  }

  /**
   * The answer to {@code request} of a client with {@code session} (empty: none): one JSON line, a result or an
   * error, with the request's id; empty when the client cancelled it, which gets no answer. What the request tells
   * on the way (progress, log messages) goes to {@code notifications}. Never throws.
   */
  public Optional<String> answer(JsonRpcMessage.Request request, Map<String, Object> context,
      Optional<McpSession> session, Consumer<String> notifications) {
    Running key = new Running(session.orElse(null), request.id().toString());
    // Whose call: the agent the transport names (ENGRAM_AGENT over stdio, the relay's Engram-Agent header), else the
    // name the client gave in initialize.
    Optional<String> agent = context.get(CallControl.AGENT) instanceof String a && !a.isBlank() ? Optional.of(a)
        : session.flatMap(McpSession::client);
    CallControl control = new CallControl(request.params().map(p -> p.path("_meta").get("progressToken"))
        .filter(t -> t.isTextual() || t.isIntegralNumber()), notifications,
        () -> session.flatMap(McpSession::level), agent);
    running.put(key, control);
    try {
      Map<String, Object> withControl = new HashMap<>(context);
      withControl.put(CallControl.KEY, control);
      String answer = answerOrThrow(request, withControl, session);
      return control.cancelled() ? Optional.empty() : Optional.of(answer);
    } catch (RuntimeException e) { // whatever broke, the client still gets its one answer
      log.accept(request.method() + " failed: " + e);
      return Optional.of(JsonRpcError.internal().response(Optional.of(request.id())));
    } finally {
      running.remove(key, control);
    }
  }

  /**
   * The answers to a batch (JSON-RPC 2.0, which MCP 2025-03-26 requires servers to accept and later revisions
   * removed): one array of the answers to its requests, in order, or empty when it held only notifications and
   * responses. Refused as a whole, with one error, under any other protocol version and when it holds {@code
   * initialize}.
   */
  public Optional<String> batch(JsonRpcMessage.Batch batch, Map<String, Object> context, Optional<McpSession> session,
      String protocolVersion, Consumer<String> notifications) {
    if (!BATCH_VERSION.equals(protocolVersion)) {
      return Optional.of(JsonRpcError.invalidRequest("batches are part of MCP " + BATCH_VERSION + " only; this"
          + " connection speaks " + protocolVersion + ": send one message at a time").response(Optional.empty()));
    }
    if (batch.messages().stream().anyMatch(m -> m instanceof JsonRpcMessage.Request r && isInitialize(r))) {
      return Optional.of(JsonRpcError.invalidRequest("initialize must not be part of a batch")
          .response(Optional.empty()));
    }
    List<String> answers = new ArrayList<>();
    for (JsonRpcMessage m : batch.messages()) {
      if (m instanceof JsonRpcMessage.Request r) {
        answer(r, context, session, notifications).ifPresent(answers::add);
      } else if (m instanceof JsonRpcMessage.Notification n) {
        notification(n, session);
      } else if (m instanceof JsonRpcMessage.Invalid invalid) {
        answers.add(invalid.response());
      }
    }
    return answers.isEmpty() ? Optional.empty() : Optional.of("[" + String.join(",", answers) + "]");
  }

  private String answerOrThrow(JsonRpcMessage.Request request, Map<String, Object> context,
      Optional<McpSession> session) {
    Optional<JsonNode> id = Optional.of(request.id());
    Optional<JsonRpcError> refused = RequestParams.check(request.method(), request.params());
    if (refused.isPresent()) {
      return refused.get().response(id);
    }
    Optional<String> own = connection.answer(request, session);
    if (own.isPresent()) {
      return own.get();
    }
    Sdk server;
    try {
      server = sdk();
    } catch (CompletionException | IllegalStateException e) {
      log.accept("cannot start the MCP tools: " + (e.getCause() == null ? e : e.getCause()));
      return JsonRpcError.internal().response(id);
    }
    if (request.method().equals("resources/list")) {
      return ResourcePages.answer(server, request, log);
    }
    if (request.method().equals("tools/call") && !server.tools().contains(request.params().orElseThrow()
        .get("name").textValue())) {
      return JsonRpcError.invalidParams("Unknown tool: '" + request.params().get().get("name").textValue()
          + "'; this server's tools are " + String.join(", ", server.tools())).response(id);
    }
    String answer = SdkAnswer.of(server, request, context, log);
    if (request.method().equals("tools/call")) {
      changes.checkSoon(); // a tool may have changed memories
    }
    return answer;
  }
}
