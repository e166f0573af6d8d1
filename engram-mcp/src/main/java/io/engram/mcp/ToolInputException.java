package io.engram.mcp;

/** A tool was called with arguments it cannot use; the message says which and why. */
final class ToolInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ToolInputException(String message) {
    super(message);
  }
}
