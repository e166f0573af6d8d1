package io.engram.mcp.transport;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The head of an HTTP/1.x request: request line and header fields (names lower-cased, values in order).
 *
 * @param method the method, as sent (methods are case-sensitive)
 * @param path the path of the target, without query
 * @param version {@code HTTP/1.1} or {@code HTTP/1.0}
 * @param headers every field, by lower-case name
 * @param keepAlive whether the connection may carry another request after this one
 * @param expectContinue whether the client waits for {@code 100 Continue} before it sends the body
 */
record HttpRequestHead(String method, String path, String version, Map<String, List<String>> headers,
    boolean keepAlive, boolean expectContinue) {
  HttpRequestHead {
    headers = Map.copyOf(headers);
  }

  /** Every value of the field {@code name}, in order. */
  List<String> values(String name) {
    return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
  }
}
