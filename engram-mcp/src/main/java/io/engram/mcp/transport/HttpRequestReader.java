package io.engram.mcp.transport;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads HTTP/1.x requests from bytes as they arrive, without blocking: head, then a body framed by
 * {@code Content-Length} or chunked, within fixed bounds (head size, header count, body size). Anything
 * it cannot read safely is a {@link Failed} with the status to answer; a request that sends both
 * {@code Content-Length} and {@code Transfer-Encoding} is refused (request smuggling).
 */
final class HttpRequestReader {
  /** What the reader has to say after the bytes fed so far. */
  sealed interface Step permits NeedMore, HeadRead, Complete, Failed {}

  /** The request is not whole yet. */
  record NeedMore() implements Step {}

  /** The head is read (reported once, before the body is read). */
  record HeadRead(HttpRequestHead head) implements Step {}

  /** The request is whole. */
  record Complete(HttpRequestHead head, byte[] body) implements Step {}

  /** The request cannot be served; answer {@code status} and close the connection. */
  record Failed(int status, String reason) implements Step {}

  private static final NeedMore NEED_MORE = new NeedMore();
  private static final int MAX_CHUNK_LINE = 1024;

  private enum Phase { HEAD, HEAD_REPORTED, FIXED, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, DONE, FAILED }

  private final int maxHeadBytes;
  private final int maxHeaders;
  private final int maxBodyBytes;
  private byte[] buf = new byte[8 * 1024];
  private int start;
  private int end;
  private int scanned;
  private Phase phase = Phase.HEAD;
  private HttpRequestHead head;
  private long declaredLength;
  private boolean chunked;
  private byte[] body = new byte[0];
  private int bodyLength;
  private long chunkLeft;
  private int trailerBytes;
  private Failed failure;

  HttpRequestReader(int maxHeadBytes, int maxHeaders, int maxBodyBytes) {
    this.maxHeadBytes = maxHeadBytes;
    this.maxHeaders = maxHeaders;
    this.maxBodyBytes = maxBodyBytes;
  }

  /** Adds bytes read from the connection. */
  void feed(byte[] data, int offset, int length) {
    if (end + length > buf.length) {
      System.arraycopy(buf, start, buf, 0, end - start);
      scanned -= start;
      end -= start;
      start = 0;
      if (end + length > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, end + length));
      }
    }
    System.arraycopy(data, offset, buf, end, length);
    end += length;
  }

  /** Whether a byte of the current request has arrived. */
  boolean started() {
    return phase != Phase.HEAD || end > start;
  }

  /** Gets ready for the next request on the connection, keeping bytes already received. */
  void reset() {
    phase = Phase.HEAD;
    head = null;
    body = new byte[0];
    bodyLength = 0;
    chunked = false;
    trailerBytes = 0;
    scanned = start;
  }

  /** What the bytes so far amount to; call again after {@link HeadRead} to go on with the body. */
  Step next() {
    try {
      return advance();
    } catch (HttpRefusal r) {
      phase = Phase.FAILED;
      failure = new Failed(r.status(), r.getMessage());
      return failure;
    }
  }

  private Step advance() {
    switch (phase) {
      case FAILED:
        return failure;
      case DONE:
        return new Complete(head, Arrays.copyOf(body, bodyLength));
      case HEAD:
        return readHead();
      case HEAD_REPORTED:
        return startBody();
      default:
        return readBody();
    }
  }

  private Step readHead() {
    while (start < end && (buf[start] == '\r' || buf[start] == '\n') && scanned <= start) {
      start++; // empty lines before a request line are ignored (RFC 9112, 2.2)
      scanned = start;
    }
    int headEnd = findHeadEnd();
    if (headEnd < 0) {
      if (end - start > maxHeadBytes) {
        throw new HttpRefusal(431, "request head longer than " + maxHeadBytes + " bytes");
      }
      return NEED_MORE;
    }
    if (headEnd - start > maxHeadBytes) {
      throw new HttpRefusal(431, "request head longer than " + maxHeadBytes + " bytes");
    }
    HttpHeadParser.Parsed parsed = HttpHeadParser.parse(new String(buf, start, headEnd - start,
        StandardCharsets.ISO_8859_1), maxHeaders);
    head = parsed.head();
    chunked = parsed.chunked();
    declaredLength = parsed.contentLength();
    start = headEnd;
    phase = Phase.HEAD_REPORTED;
    return new HeadRead(head);
  }

  /** The index just past the empty line that ends the head, or -1. */
  private int findHeadEnd() {
    for (int i = Math.max(scanned, start); i < end; i++) {
      if (buf[i] == '\n') {
        if (i + 1 < end && buf[i + 1] == '\n') {
          return i + 2;
        }
        if (i + 2 < end && buf[i + 1] == '\r' && buf[i + 2] == '\n') {
          return i + 3;
        }
        if (i + 2 >= end) {
          scanned = i; // the end may straddle the next read
          return -1;
        }
      }
    }
    scanned = end;
    return -1;
  }

  private Step startBody() {
    if (declaredLength > maxBodyBytes) {
      throw new HttpRefusal(413, "request body above " + maxBodyBytes + " bytes");
    }
    phase = chunked ? Phase.CHUNK_SIZE : Phase.FIXED;
    return readBody();
  }

  private Step readBody() {
    while (true) {
      switch (phase) {
        case FIXED -> {
          int take = (int) Math.min(declaredLength - bodyLength, end - start);
          append(take);
          if (bodyLength == declaredLength) {
            return done();
          }
          return NEED_MORE;
        }
        case CHUNK_SIZE -> {
          String line = line(MAX_CHUNK_LINE);
          if (line == null) {
            return NEED_MORE;
          }
          chunkLeft = chunkSize(line);
          if (chunkLeft > maxBodyBytes - bodyLength) {
            throw new HttpRefusal(413, "request body above " + maxBodyBytes + " bytes");
          }
          phase = chunkLeft == 0 ? Phase.TRAILERS : Phase.CHUNK_DATA;
        }
        case CHUNK_DATA -> {
          int take = (int) Math.min(chunkLeft, end - start);
          append(take);
          chunkLeft -= take;
          if (chunkLeft > 0) {
            return NEED_MORE;
          }
          phase = Phase.CHUNK_END;
        }
        case CHUNK_END -> {
          String line = line(2);
          if (line == null) {
            return NEED_MORE;
          }
          if (!line.isEmpty()) {
            throw new HttpRefusal(400, "chunk data longer than its size");
          }
          phase = Phase.CHUNK_SIZE;
        }
        case TRAILERS -> {
          int before = start;
          String line = line(maxHeadBytes);
          if (line == null) {
            return NEED_MORE;
          }
          trailerBytes += start - before;
          if (trailerBytes > maxHeadBytes) {
            throw new HttpRefusal(431, "trailer fields longer than " + maxHeadBytes + " bytes");
          }
          if (line.isEmpty()) {
            return done();
          }
        }
        default -> throw new IllegalStateException(phase.name());
      }
    }
  }

  private Step done() {
    phase = Phase.DONE;
    return new Complete(head, Arrays.copyOf(body, bodyLength));
  }

  private void append(int n) {
    if (bodyLength + n > body.length) {
      body = Arrays.copyOf(body, Math.min(maxBodyBytes, Math.max(body.length * 2, bodyLength + n)));
    }
    System.arraycopy(buf, start, body, bodyLength, n);
    bodyLength += n;
    start += n;
  }

  /** The next line without its end, consumed; {@code null} while it is not whole. */
  private String line(int max) {
    for (int i = start; i < end; i++) {
      if (buf[i] == '\n') {
        int lineEnd = i > start && buf[i - 1] == '\r' ? i - 1 : i;
        String line = new String(buf, start, lineEnd - start, StandardCharsets.ISO_8859_1);
        start = i + 1;
        return line;
      }
      if (i - start >= max) {
        throw new HttpRefusal(400, "line in the chunked body longer than " + max + " bytes");
      }
    }
    if (end - start > max) {
      throw new HttpRefusal(400, "line in the chunked body longer than " + max + " bytes");
    }
    return null;
  }

  private static long chunkSize(String line) {
    int semicolon = line.indexOf(';');
    String hex = (semicolon < 0 ? line : line.substring(0, semicolon)).strip();
    if (hex.isEmpty() || hex.length() > 8 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      throw new HttpRefusal(400, "bad chunk size");
    }
    return Long.parseLong(hex, 16);
  }
}
