package io.engram.modeladapters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) that plays back scripted responses in order and
 * records every request it received, for testing the adapters' wire protocol without the internet.
 */
final class ScriptedServer implements AutoCloseable {
  /** One scripted reply. */
  record Reply(int status, Map<String, String> headers, String body, long delayMillis) {}

  /** One received request. */
  record Received(String method, String path, Map<String, List<String>> headers, String body) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    JsonNode json() throws IOException {
      return new ObjectMapper().readTree(body);
    }
  }

  final List<Received> received = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedQueue<Reply> script = new ConcurrentLinkedQueue<>();
  private final HttpServer server;

  ScriptedServer() throws IOException {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", this::handle);
    server.start();
  }

  URI baseUrl(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  ScriptedServer reply(int status, String body) {
    return reply(status, Map.of(), body, 0);
  }

  ScriptedServer reply(int status, Map<String, String> headers, String body, long delayMillis) {
    script.add(new Reply(status, headers, body, delayMillis));
    return this;
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
        Map.copyOf(exchange.getRequestHeaders()), body));
    Reply reply = script.poll();
    if (reply == null) {
      reply = new Reply(599, Map.of(), "{\"error\":{\"type\":\"test\",\"message\":\"script exhausted\"}}", 0);
    }
    if (reply.delayMillis() > 0) {
      try {
        Thread.sleep(reply.delayMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("content-type", "application/json");
    reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
    try {
      exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      // the client gave up (time-out test); nothing to do
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
