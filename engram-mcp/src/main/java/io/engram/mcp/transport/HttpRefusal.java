package io.engram.mcp.transport;

/** A request the server will not read further, with the status to answer; no stack trace (it is not a bug). */
final class HttpRefusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;

  HttpRefusal(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
  }
}
