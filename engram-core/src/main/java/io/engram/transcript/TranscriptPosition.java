package io.engram.transcript;

/**
 * A point in a transcript file just after a complete line: its byte offset and how many lines lie
 * before it. A later reading starts there and reads only what was appended since.
 *
 * @param byteOffset bytes from the start of the file
 * @param lineNumber lines before this point (the next line read is {@code lineNumber + 1})
 */
public record TranscriptPosition(long byteOffset, int lineNumber) {
  /** The start of a file. */
  public static final TranscriptPosition START = new TranscriptPosition(0, 0);

  public TranscriptPosition {
    if (byteOffset < 0 || lineNumber < 0) {
      throw new IllegalArgumentException("a transcript position cannot be negative: " + byteOffset + ", " + lineNumber);
    }
  }
}
