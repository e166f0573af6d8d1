package io.engram.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Requests written byte by byte on a socket, as an attacker writes them, and the answer read back. */
public final class RawHttp {
  private RawHttp() {}

  /**
   * An answer: status line fields and body.
   *
   * @param status the status code
   * @param head the status line and header fields
   * @param body the body
   */
  public record Answer(int status, String head, String body) {}

  /** A POST of {@code body} to {@code /mcp} with the given extra header lines (each ending in CRLF). */
  public static String post(String headers, String body) {
    return post("/mcp", headers, body);
  }

  /** A POST of {@code body} to {@code path} with the given extra header lines (each ending in CRLF). */
  public static String post(String path, String headers, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Accept: application/json, text/event-stream\r\n" + headers + "Content-Length: " + bytes.length
        + "\r\n\r\n" + body;
  }

  /** Sends {@code request} on a new connection and reads one answer. */
  public static Answer exchange(InetSocketAddress server, String request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(server, 5_000);
      socket.setSoTimeout(15_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      return read(socket.getInputStream());
    }
  }

  /** Reads one answer, or status 0 when the connection ends (or is reset) before a whole head arrived. */
  public static Answer readOrEmpty(InputStream in) {
    try {
      return read(in);
    } catch (IOException e) {
      return new Answer(0, "", "");
    }
  }

  /** Reads one answer (head, then {@code Content-Length} bytes of body). */
  public static Answer read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed before the end of the answer's head: " + head);
      }
      head.write(b);
      matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
          ? matched + 1 : 0;
    }
    String text = head.toString(StandardCharsets.ISO_8859_1);
    int status = Integer.parseInt(text.substring(9, 12));
    int length = 0;
    for (String line : text.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).strip());
      }
    }
    byte[] body = in.readNBytes(length);
    return new Answer(status, text, new String(body, StandardCharsets.UTF_8));
  }
}
