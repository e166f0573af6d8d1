package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.McpSettings;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * MCP over any transport: answers {@code initialize} and {@code ping} itself (before anything heavy is
 * loaded), checks each request's params, and hands the rest to the SDK's stateless server, which is built
 * on first need ({@link #warmUp()}). It never sends a request to the client, so it never asks a client for
 * what the client did not declare. Answers carry no exception text: an internal failure is logged and
 * the client gets -32603.
 *
 * <p>A client with a session ({@link McpSession}: stdio, or streamable HTTP with {@code Mcp-Session-Id}) is
 * offered {@code resources.listChanged} and {@code subscribe}: {@code resources/list} is answered from the store
 * as it is at that moment, and the store is compared with what it was when this process changes it (the store's
 * change events), after every tool call, and every {@code mcp.changeCheckMillis} while a session is open (so changes
 * by other processes are seen too), each
 * session told {@code notifications/resources/list_changed} when memories came or went and
 * {@code notifications/resources/updated} for each resource it subscribed to that changed or went.
 */
public final class McpProtocol {
  /** The protocol revisions this server speaks, oldest first. */
  public static final List<String> VERSIONS = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");

  /** What an HTTP request without {@code MCP-Protocol-Version} is taken to speak (the transport spec's default). */
  public static final String DEFAULT_HTTP_VERSION = "2025-03-26";

  private static final String INITIALIZE = "initialize";
  // MCP's error code for a resource that does not exist (the specification's resources/read).
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

  /** One thread for every protocol's checks: they are short, and a check never runs beside another. */
  private static final ScheduledExecutorService CHECKS = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "engram-mcp-changes");
    t.setDaemon(true);
    return t;
  });

  private final long changeCheckMillis;
  private final AtomicBoolean watched = new AtomicBoolean();
  private final Set<McpSession> sessions = ConcurrentHashMap.newKeySet();
  private final Object checkLock = new Object();
  private Map<String, String> seen; // guarded by checkLock

  private final ServerIdentity identity;
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
    this.identity = identity;
    this.factory = factory;
    this.log = log;
    this.changeCheckMillis = changeCheckMillis;
  }

  /** Starts building the SDK's server in the background, unless it is built or being built. */
  public synchronized void warmUp() {
    if (sdk == null || sdk.isCompletedExceptionally()) {
      sdk = CompletableFuture.supplyAsync(() -> {
        Sdk built = factory.get();
        baseline(built); // before any request can change the store, so the first change is told too
        built.resources().onChange(() -> CHECKS.execute(this::checkChanges));
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
    sessions.add(session);
    if (watched.compareAndSet(false, true)) {
      CHECKS.scheduleWithFixedDelay(this::checkChanges, changeCheckMillis, changeCheckMillis, TimeUnit.MILLISECONDS);
    }
    CHECKS.execute(this::checkChanges); // the state the session starts from
  }

  /** Stops telling {@code session} anything. */
  public void close(McpSession session) {
    sessions.remove(session);
  }

  private void baseline(Sdk built) {
    synchronized (checkLock) {
      try {
        seen = built.resources().fingerprints();
      } catch (IOException | RuntimeException e) {
        log.accept("cannot list the resources to look for changes: " + e.getMessage());
      }
    }
  }

  /** Compares the resources with what they were at the last check, and tells each session what changed. */
  void checkChanges() {
    synchronized (checkLock) {
      checkChangesLocked();
    }
  }

  private void checkChangesLocked() {
    CompletableFuture<Sdk> building;
    synchronized (this) {
      building = sdk;
    }
    if (sessions.isEmpty() || building == null || !building.isDone() || building.isCompletedExceptionally()) {
      return;
    }
    Map<String, String> now;
    try {
      now = building.join().resources().fingerprints();
    } catch (IOException | RuntimeException e) {
      log.accept("cannot list the resources to look for changes: " + e.getMessage());
      return;
    }
    Map<String, String> before = seen;
    seen = now;
    if (before == null) {
      return;
    }
    if (!now.keySet().equals(before.keySet())) {
      sessions.forEach(s -> s.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}"));
    }
    Set<String> uris = new HashSet<>(before.keySet());
    uris.addAll(now.keySet());
    for (String uri : uris) {
      if (!Objects.equals(before.get(uri), now.get(uri))) {
        ObjectNode note = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0")
            .put("method", "notifications/resources/updated");
        note.putObject("params").put("uri", uri);
        sessions.stream().filter(s -> s.subscribed(uri)).forEach(s -> s.send(note.toString()));
      }
    }
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
      Map<String, Object> withControl = new java.util.HashMap<>(context);
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
    List<String> answers = new java.util.ArrayList<>();
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
    if (isInitialize(request)) {
      ObjectNode initialized = initializeResult(request.params().orElseThrow(), session.isPresent());
      session.ifPresent(s -> s.negotiated(initialized.get("protocolVersion").textValue()));
      JsonNode client = request.params().orElseThrow().path("clientInfo").path("name");
      if (client.isTextual() && !client.asText().isBlank()) {
        session.ifPresent(s -> s.client(client.asText()));
      }
      return result(request.id(), initialized.toString());
    }
    if ("logging/setLevel".equals(request.method())) {
      Optional<LogLevel> level = LogLevel.of(request.params().orElseThrow().path("level").asText(""));
      if (level.isEmpty()) {
        return JsonRpcError.invalidParams("\"level\" must be one of debug, info, notice, warning, error, critical,"
            + " alert, emergency").response(id);
      }
      session.ifPresent(s -> s.level(level.get())); // without a session there is nowhere to send messages
      return result(request.id(), "{}");
    }
    if ("ping".equals(request.method())) {
      return result(request.id(), "{}");
    }
    if (request.method().equals("resources/subscribe") || request.method().equals("resources/unsubscribe")) {
      if (session.isEmpty()) {
        return JsonRpcError.invalidRequest("subscriptions need a session: over HTTP, send the Mcp-Session-Id that"
            + " initialize gave").response(id);
      }
      String uri = request.params().orElseThrow().get("uri").textValue();
      if (request.method().equals("resources/subscribe")) {
        session.get().subscribe(uri);
      } else {
        session.get().unsubscribe(uri);
      }
      return result(request.id(), "{}");
    }
    Sdk server;
    try {
      server = sdk();
    } catch (CompletionException | IllegalStateException e) {
      log.accept("cannot start the MCP tools: " + (e.getCause() == null ? e : e.getCause()));
      return JsonRpcError.internal().response(id);
    }
    if (request.method().equals("resources/list")) {
      return resourcesPage(server, request);
    }
    if (request.method().equals("tools/call") && !server.tools().contains(request.params().orElseThrow()
        .get("name").textValue())) {
      return JsonRpcError.invalidParams("Unknown tool: '" + request.params().get().get("name").textValue()
          + "'; this server's tools are " + String.join(", ", server.tools())).response(id);
    }
    String answer = viaSdk(server, request, context);
    if (request.method().equals("tools/call") && !sessions.isEmpty()) {
      CHECKS.execute(this::checkChanges); // a tool may have changed memories
    }
    return answer;
  }

  /**
   * One page of {@code resources/list}, by URI, from the store as it is now (whoever changed it): {@code pageSize}
   * resources, then a {@code nextCursor} naming the last one, so a page boundary holds while memories come and go.
   */
  private String resourcesPage(Sdk server, JsonRpcMessage.Request request) {
    Optional<String> after;
    try {
      after = Optional.ofNullable(request.params().map(p -> p.get("cursor")).filter(JsonNode::isTextual)
          .map(JsonNode::textValue).orElse(null)).map(PageCursor::position);
    } catch (IllegalArgumentException e) {
      return JsonRpcError.invalidParams(e.getMessage()).response(Optional.of(request.id()));
    }
    List<McpSchema.Resource> all;
    try {
      all = server.resources().list();
    } catch (IOException e) {
      log.accept("resources/list failed: " + e.getMessage());
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
    List<McpSchema.Resource> page = all.stream().sorted(java.util.Comparator.comparing(McpSchema.Resource::uri))
        .filter(r -> after.isEmpty() || r.uri().compareTo(after.get()) > 0)
        .limit(McpSettings.DEFAULTS.pageSize() + 1L).toList();
    String next = null;
    if (page.size() > McpSettings.DEFAULTS.pageSize()) {
      page = page.subList(0, McpSettings.DEFAULTS.pageSize());
      next = PageCursor.after(page.get(page.size() - 1).uri());
    }
    try {
      return result(request.id(), server.json().writeValueAsString(new McpSchema.ListResourcesResult(page, next)));
    } catch (IOException e) {
      log.accept("resources/list failed: " + e);
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
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

  private ObjectNode initializeResult(JsonNode params, boolean notifies) {
    String asked = params.path("protocolVersion").textValue();
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.put("protocolVersion", VERSIONS.contains(asked) ? asked : VERSIONS.get(VERSIONS.size() - 1));
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

  private static String result(JsonNode id, String resultJson) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + resultJson + "}";
  }
}
