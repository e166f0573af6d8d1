package io.engram.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * One whole answer: status, header fields and a body sent with its {@code Content-Length} (the launcher's
 * shell client reads exactly that many bytes; no chunked encoding).
 *
 * @param status the HTTP status
 * @param headers header fields, {@code Content-Type} among them when there is a body
 * @param body the body (empty for none)
 */
public record HttpAnswer(int status, Map<String, String> headers, byte[] body) {
  /** A copy that keeps the header fields' order. */
  public HttpAnswer {
    headers = Map.copyOf(headers);
    body = body.clone();
  }

  /** A plain-text answer. */
  public static HttpAnswer text(int status, String text) {
    return new HttpAnswer(status, Map.of("Content-Type", "text/plain; charset=utf-8"),
        text.getBytes(StandardCharsets.UTF_8));
  }

  /** A JSON answer ({@code application/json}, UTF-8). */
  public static HttpAnswer json(int status, String json) {
    return new HttpAnswer(status, Map.of("Content-Type", "application/json"), json.getBytes(StandardCharsets.UTF_8));
  }

  /** An answer without a body. */
  public static HttpAnswer empty(int status) {
    return new HttpAnswer(status, Map.of(), new byte[0]);
  }

  /** The same answer with one more header field. */
  public HttpAnswer with(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new HttpAnswer(status, more, body);
  }

  /** Sends it and completes {@code callback} when it is written (or fails it); returns true, as a handler does. */
  public boolean send(Response response, Callback callback) {
    response.setStatus(status);
    headers.forEach(response.getHeaders()::put);
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
    return true;
  }
}
