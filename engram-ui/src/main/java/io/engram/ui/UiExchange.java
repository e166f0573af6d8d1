package io.engram.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.engram.http.HttpAnswer;
import io.engram.http.RequestBody;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

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

  private final Request request;
  private final Response response;
  private final Callback callback;
  private final Map<String, String> query;
  private final Map<String, String> answerHeaders = new LinkedHashMap<>();

  UiExchange(Request request, Response response, Callback callback) {
    this.request = request;
    this.response = response;
    this.callback = callback;
    this.query = parseQuery(request.getHttpURI().getQuery());
  }

  String method() {
    return request.getMethod();
  }

  String path() {
    return request.getHttpURI().getDecodedPath();
  }

  Optional<String> header(String name) {
    return Optional.ofNullable(request.getHeaders().get(name));
  }

  Optional<String> param(String name) {
    return Optional.ofNullable(query.get(name)).filter(v -> !v.isBlank());
  }

  boolean fromLoopback() {
    SocketAddress remote = request.getConnectionMetaData().getRemoteSocketAddress();
    return remote instanceof InetSocketAddress inet && inet.getAddress() != null && inet.getAddress().isLoopbackAddress();
  }

  int localPort() {
    return Request.getLocalPort(request);
  }

  /** The body as JSON, at most {@code maxBytes}. */
  JsonNode jsonBody(int maxBytes) throws IOException, Refusal {
    String type = header("Content-Type").orElse("");
    if (!type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
      throw new Refusal(415, "send the request body as application/json");
    }
    byte[] body;
    try {
      body = RequestBody.read(request);
    } catch (RequestBody.TooLarge e) {
      body = null;
    }
    if (body == null || body.length > maxBytes) {
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
    answerHeaders.put(name, value);
  }

  void json(int status, Object value) throws IOException {
    send(status, "application/json; charset=utf-8", JSON.writeValueAsBytes(value));
  }

  void text(int status, String body) throws IOException {
    send(status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  void send(int status, String contentType, byte[] bytes) throws IOException {
    Map<String, String> h = new LinkedHashMap<>(answerHeaders);
    h.put("Content-Type", contentType);
    h.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.put("X-Content-Type-Options", "nosniff");
    h.put("X-Frame-Options", "DENY");
    h.put("Referrer-Policy", "no-referrer");
    h.put("Cache-Control", "no-store");
    new HttpAnswer(status, h, bytes).send(response, callback);
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
