package io.engram.mcp.transport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses an HTTP/1.x request head: the request line (method token, origin- or absolute-form target,
 * HTTP/1.0 or 1.1) and the fields, and how the body is framed. Refuses folded lines, control characters,
 * {@code Transfer-Encoding} beside {@code Content-Length}, codings other than chunked and unknown expectations.
 */
final class HttpHeadParser {
  /**
   * A parsed head and its body framing.
   *
   * @param head the head
   * @param chunked whether the body is chunked
   * @param contentLength the declared body length when not chunked (0 without {@code Content-Length})
   */
  record Parsed(HttpRequestHead head, boolean chunked, long contentLength) {}

  private HttpHeadParser() {}

  /** The head in {@code text} (request line and fields, without the empty line that ends it). */
  static Parsed parse(String text, int maxHeaders) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      lines.set(i, l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
    }
    String[] requestLine = lines.get(0).split(" ", -1);
    if (requestLine.length != 3 || !isToken(requestLine[0]) || requestLine[1].isEmpty()) {
      throw new HttpRefusal(400, "malformed request line");
    }
    String version = requestLine[2];
    if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0")) {
      throw new HttpRefusal(version.matches("HTTP/\\d\\.\\d") ? 505 : 400, "HTTP version not supported");
    }
    String path = path(requestLine[1]);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    int count = 0;
    for (String line : lines.subList(1, lines.size())) {
      if (line.isEmpty()) {
        continue;
      }
      if (++count > maxHeaders) {
        throw new HttpRefusal(431, "more than " + maxHeaders + " header fields");
      }
      int colon = line.indexOf(':');
      if (colon <= 0 || !isToken(line.substring(0, colon))) {
        throw new HttpRefusal(400, "malformed header field");
      }
      String value = line.substring(colon + 1).strip();
      if (value.chars().anyMatch(c -> (c < 0x20 && c != '\t') || c == 0x7f)) {
        throw new HttpRefusal(400, "control character in a header field");
      }
      headers.computeIfAbsent(line.substring(0, colon).toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(value);
    }
    return framing(requestLine[0], path, version, headers);
  }

  private static Parsed framing(String method, String path, String version, Map<String, List<String>> headers) {
    List<String> te = tokens(headers.get("transfer-encoding"));
    List<String> cl = tokens(headers.get("content-length"));
    if (!te.isEmpty()) {
      if (!cl.isEmpty() || version.equals("HTTP/1.0")) {
        throw new HttpRefusal(400, "Transfer-Encoding with Content-Length or on HTTP/1.0");
      }
      if (!te.equals(List.of("chunked"))) {
        throw new HttpRefusal(501, "transfer coding not supported (only chunked)");
      }
      return new Parsed(head(method, path, version, headers), true, 0);
    }
    if (!cl.isEmpty()) {
      String first = cl.get(0);
      if (!cl.stream().allMatch(first::equals) || first.isEmpty() || first.length() > 18
          || !first.chars().allMatch(c -> c >= '0' && c <= '9')) {
        throw new HttpRefusal(400, "bad Content-Length");
      }
      return new Parsed(head(method, path, version, headers), false, Long.parseLong(first));
    }
    return new Parsed(head(method, path, version, headers), false, 0);
  }

  private static HttpRequestHead head(String method, String path, String version, Map<String, List<String>> headers) {
    List<String> expect = tokens(headers.get("expect"));
    if (!expect.isEmpty() && !expect.equals(List.of("100-continue"))) {
      throw new HttpRefusal(417, "expectation not supported");
    }
    boolean keepAlive = version.equals("HTTP/1.1") && !tokens(headers.get("connection")).contains("close");
    return new HttpRequestHead(method, path, version, headers, keepAlive, !expect.isEmpty());
  }

  private static String path(String target) {
    String rest = target;
    String lower = target.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      int slash = target.indexOf('/', lower.indexOf("//") + 2);
      rest = slash < 0 ? "/" : target.substring(slash);
    }
    if (!rest.startsWith("/") || rest.chars().anyMatch(c -> c <= 0x20 || c >= 0x7f)) {
      throw new HttpRefusal(400, "malformed request target");
    }
    int cut = rest.indexOf('?');
    return cut < 0 ? rest : rest.substring(0, cut);
  }

  private static List<String> tokens(List<String> values) {
    List<String> out = new ArrayList<>();
    if (values != null) {
      for (String v : values) {
        for (String t : v.split(",", -1)) {
          out.add(t.strip().toLowerCase(Locale.ROOT));
        }
      }
    }
    return out;
  }

  private static boolean isToken(String s) {
    return !s.isEmpty() && s.chars().allMatch(c -> c > 0x20 && c < 0x7f && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0);
  }

}
