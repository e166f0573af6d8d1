package io.engram.mcp.transport;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An HTTP answer: status, extra header fields, body; {@code close} ends the connection after it.
 *
 * @param status the status code
 * @param headers header fields besides {@code Content-Length} and {@code Connection}
 * @param body the body
 * @param close whether the connection closes once the answer is sent
 */
record HttpResponse(int status, Map<String, String> headers, byte[] body, boolean close) {
  HttpResponse {
    headers = Map.copyOf(headers);
  }

  static HttpResponse json(int status, String json) {
    return new HttpResponse(status, Map.of("Content-Type", "application/json"), json.getBytes(StandardCharsets.UTF_8),
        false);
  }

  static HttpResponse text(int status, String text) {
    return new HttpResponse(status, Map.of("Content-Type", "text/plain; charset=utf-8"),
        (text + "\n").getBytes(StandardCharsets.UTF_8), false);
  }

  static HttpResponse empty(int status) {
    return new HttpResponse(status, Map.of(), new byte[0], false);
  }

  HttpResponse withHeader(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new HttpResponse(status, more, body, close);
  }

  HttpResponse closing() {
    return new HttpResponse(status, headers, body, true);
  }

  /** The bytes on the wire. */
  ByteBuffer encode() {
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status))
        .append("\r\n");
    headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
    head.append("Content-Length: ").append(body.length).append("\r\n");
    if (close) {
      head.append("Connection: close\r\n");
    }
    head.append("\r\n");
    byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
    return ByteBuffer.allocate(h.length + body.length).put(h).put(body).flip();
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 202 -> "Accepted";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 413 -> "Content Too Large";
      case 417 -> "Expectation Failed";
      case 431 -> "Request Header Fields Too Large";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      case 505 -> "HTTP Version Not Supported";
      default -> status >= 500 ? "Server Error" : "Status";
    };
  }
}
