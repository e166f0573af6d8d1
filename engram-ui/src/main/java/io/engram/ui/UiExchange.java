package io.engram.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One request to the UI and its answer: the query and JSON body read with bounds, and every answer
 * sent with the headers that keep a page from being framed, sniffed, cached or given scripts from elsewhere.
 */
final class UiExchange {
  static final ObjectMapper JSON = new ObjectMapper().registerModule(new Jdk8Module())
      .registerModule(new JavaTimeModule()).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  /** Only this origin's files: no inline script, no other host, no framing. */
  static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
      + "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

  /** An answer that ends the request with an HTTP status and a message for the person. */
  static final class Refusal extends Exception {
    private final int status;

    Refusal(int status, String message) {
      super(message);
      this.status = status;
    }

    int status() {
      return status;
    }
  }

  private final HttpExchange exchange;
  private final Map<String, String> query;

  UiExchange(HttpExchange exchange) {
    this.exchange = exchange;
    this.query = parseQuery(exchange.getRequestURI().getRawQuery());
  }

  String method() {
    return exchange.getRequestMethod();
  }

  String path() {
    return exchange.getRequestURI().getPath();
  }

  Optional<String> header(String name) {
    return Optional.ofNullable(exchange.getRequestHeaders().getFirst(name));
  }

  Optional<String> param(String name) {
    return Optional.ofNullable(query.get(name)).filter(v -> !v.isBlank());
  }

  boolean fromLoopback() {
    return exchange.getRemoteAddress().getAddress().isLoopbackAddress();
  }

  int localPort() {
    return exchange.getLocalAddress().getPort();
  }

  /** The body as JSON, at most {@code maxBytes}. */
  JsonNode jsonBody(int maxBytes) throws IOException, Refusal {
    String type = header("Content-Type").orElse("");
    if (!type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
      throw new Refusal(415, "send the request body as application/json");
    }
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readNBytes(maxBytes + 1);
    }
    if (body.length > maxBytes) {
      throw new Refusal(413, "the request body is over " + maxBytes + " bytes");
    }
    try {
      JsonNode node = JSON.readTree(body);
      if (node == null || !node.isObject()) {
        throw new Refusal(400, "the request body must be a JSON object");
      }
      return node;
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new Refusal(400, "the request body is not JSON: " + e.getOriginalMessage());
    }
  }

  /** The text field {@code name} of a JSON body; a refusal naming it when it is missing. */
  static String field(JsonNode body, String name) throws Refusal {
    JsonNode v = body.get(name);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new Refusal(400, "the request body needs the text field \"" + name + "\"");
    }
    return v.asText();
  }

  void setHeader(String name, String value) {
    exchange.getResponseHeaders().add(name, value);
  }

  void json(int status, Object value) throws IOException {
    send(status, "application/json; charset=utf-8", JSON.writeValueAsBytes(value));
  }

  void text(int status, String body) throws IOException {
    send(status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  void send(int status, String contentType, byte[] bytes) throws IOException {
    var h = exchange.getResponseHeaders();
    h.set("Content-Type", contentType);
    h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "no-referrer");
    h.set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private static Map<String, String> parseQuery(String raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw == null || raw.isEmpty()) {
      return out;
    }
    for (String pair : raw.split("&")) {
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      try {
        out.putIfAbsent(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        // A malformed escape: the parameter is ignored, as if it had not been sent.
      }
    }
    return out;
  }
}
