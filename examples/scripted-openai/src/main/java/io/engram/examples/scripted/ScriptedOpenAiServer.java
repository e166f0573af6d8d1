package io.engram.examples.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 that answers from a script; see the package
 * comment. Thread-safe; close it to stop listening.
 */
public final class ScriptedOpenAiServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "scripted-openai");
    t.setDaemon(true);
    return t;
  });
  private final Deque<ScriptedReply> queue = new ArrayDeque<>();
  private final List<JsonNode> requests = new ArrayList<>();
  private final AtomicInteger ids = new AtomicInteger();
  private volatile Function<JsonNode, Optional<ScriptedReply>> fallback = request -> Optional.empty();

  private ScriptedOpenAiServer(HttpServer server) {
    this.server = server;
    server.setExecutor(executor);
    server.createContext("/", this::handle);
  }

  /**
   * Starts a server on a free loopback port.
   *
   * @throws IOException when no port can be bound
   */
  public static ScriptedOpenAiServer start() throws IOException {
    ScriptedOpenAiServer s = new ScriptedOpenAiServer(
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    s.server.start();
    return s;
  }

  /** The base URL an OpenAI client is given, ending in {@code /v1}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Queues replies, answered one per request in order, before the fallback is asked. */
  public synchronized ScriptedOpenAiServer thenReply(ScriptedReply... replies) {
    queue.addAll(List.of(replies));
    return this;
  }

  /**
   * Sets what answers a request once the queue is empty: a function of the request's JSON; an empty answer
   * makes the request fail with HTTP 500 and a message saying the script ran out.
   */
  public ScriptedOpenAiServer otherwise(Function<JsonNode, Optional<ScriptedReply>> responder) {
    this.fallback = Objects.requireNonNull(responder, "responder");
    return this;
  }

  /** Every request body received so far, in order. */
  public synchronized List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  /** The text of every message of every request received so far, joined: what the model was shown. */
  public synchronized String everythingSent() {
    StringBuilder all = new StringBuilder();
    requests.forEach(r -> r.path("messages").forEach(m -> all.append(ChatRequests.text(m)).append('\n')));
    return all.toString();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())
          || !exchange.getRequestURI().getPath().endsWith("/chat/completions")) {
        send(exchange, 404, error("only POST .../chat/completions is served here"));
        return;
      }
      JsonNode request;
      try {
        request = JSON.readTree(exchange.getRequestBody().readAllBytes());
      } catch (IOException e) {
        send(exchange, 400, error("the request body is not JSON: " + e.getMessage()));
        return;
      }
      if (request == null || !request.path("messages").isArray()) {
        send(exchange, 400, error("the request has no messages array"));
        return;
      }
      Optional<ScriptedReply> reply = next(request);
      if (reply.isEmpty()) {
        send(exchange, 500, error("the script has no answer for request " + requests().size()));
        return;
      }
      if (request.path("stream").asBoolean(false)) {
        stream(exchange, request, reply.get());
      } else {
        send(exchange, 200, completion(request, reply.get()));
      }
    }
  }

  private Optional<ScriptedReply> next(JsonNode request) {
    ScriptedReply queued;
    synchronized (this) {
      requests.add(request);
      queued = queue.poll();
    }
    return queued != null ? Optional.of(queued) : fallback.apply(request);
  }

  private ObjectNode completion(JsonNode request, ScriptedReply reply) {
    ObjectNode message = JSON.createObjectNode().put("role", "assistant");
    if (reply.toolCalls().isEmpty()) {
      message.put("content", reply.text());
    } else {
      message.put("content", reply.text().isEmpty() ? null : reply.text());
      ArrayNode calls = message.putArray("tool_calls");
      for (ScriptedReply.ToolCall call : reply.toolCalls()) {
        ObjectNode c = calls.addObject().put("id", "call_" + ids.incrementAndGet()).put("type", "function");
        c.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
      }
    }
    ObjectNode body = JSON.createObjectNode()
        .put("id", "chatcmpl-" + ids.incrementAndGet())
        .put("object", "chat.completion")
        .put("created", System.currentTimeMillis() / 1000)
        .put("model", request.path("model").asText("scripted"));
    ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
    choice.set("message", message);
    choice.put("finish_reason", reply.toolCalls().isEmpty() ? "stop" : "tool_calls");
    body.set("usage", usage(request, reply));
    return body;
  }

  /**
   * Answers as the streaming API does: server-sent events, each a {@code chat.completion.chunk} whose delta
   * carries the role, then the text a few words at a time, then each tool call, then the finish reason; the
   * usage in a chunk of its own when the request asked for it; and {@code [DONE]}.
   */
  private void stream(HttpExchange exchange, JsonNode request, ScriptedReply reply) throws IOException {
    String id = "chatcmpl-" + ids.incrementAndGet();
    List<ObjectNode> chunks = new ArrayList<>();
    chunks.add(chunk(id, request, JSON.createObjectNode().put("role", "assistant").put("content", ""), null));
    for (String piece : pieces(reply.text())) {
      chunks.add(chunk(id, request, JSON.createObjectNode().put("content", piece), null));
    }
    for (int i = 0; i < reply.toolCalls().size(); i++) {
      ScriptedReply.ToolCall call = reply.toolCalls().get(i);
      ObjectNode delta = JSON.createObjectNode();
      ObjectNode c = delta.putArray("tool_calls").addObject().put("index", i)
          .put("id", "call_" + ids.incrementAndGet()).put("type", "function");
      c.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
      chunks.add(chunk(id, request, delta, null));
    }
    chunks.add(chunk(id, request, JSON.createObjectNode(), reply.toolCalls().isEmpty() ? "stop" : "tool_calls"));
    if (request.path("stream_options").path("include_usage").asBoolean(false)) {
      ObjectNode usage = chunk(id, request, JSON.createObjectNode(), null);
      usage.putArray("choices");
      usage.set("usage", usage(request, reply));
      chunks.add(usage);
    }
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      for (ObjectNode c : chunks) {
        out.write(("data: " + JSON.writeValueAsString(c) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
      out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
    }
  }

  private ObjectNode chunk(String id, JsonNode request, ObjectNode delta, String finishReason) {
    ObjectNode body = JSON.createObjectNode().put("id", id).put("object", "chat.completion.chunk")
        .put("created", System.currentTimeMillis() / 1000).put("model", request.path("model").asText("scripted"));
    ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
    choice.set("delta", delta);
    choice.put("finish_reason", finishReason);
    return body;
  }

  /** The text in pieces of about three words, each keeping its spaces, so that joined they give it back. */
  private static List<String> pieces(String text) {
    List<String> pieces = new ArrayList<>();
    int start = 0;
    int words = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == ' ' && ++words % 3 == 0) {
        pieces.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      pieces.add(text.substring(start));
    }
    return pieces;
  }

  private static ObjectNode usage(JsonNode request, ScriptedReply reply) {
    int prompt = ChatRequests.roughTokens(request);
    int completion = Math.max(1, reply.text().length() / 4);
    return JSON.createObjectNode().put("prompt_tokens", prompt).put("completion_tokens", completion)
        .put("total_tokens", prompt + completion);
  }

  private static ObjectNode error(String message) {
    ObjectNode body = JSON.createObjectNode();
    body.putObject("error").put("message", message).put("type", "invalid_request_error");
    return body;
  }

  private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
