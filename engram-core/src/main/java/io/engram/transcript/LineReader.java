package io.engram.transcript;

/**
 * Reads one agent's JSON Lines, a line at a time, keeping between lines what its format needs (the session's
 * id and working directory, calls awaiting their results, records that update earlier ones).
 */
interface LineReader {
  /** Takes one non-blank line, {@code lineNumber} counting from 1 at the start of the file. */
  void accept(String line, int lineNumber);

  /** What the lines read so far hold; {@code fallbackSessionId} when no record named the session. */
  Transcript transcript(String fallbackSessionId);

  /** A reader of {@code format}'s lines; the document formats have none. */
  static LineReader of(TranscriptFormat format) {
    return switch (format) {
      case CODEX -> new CodexLines();
      case GEMINI -> new GeminiLines();
      case CURSOR -> new CursorLines();
      case CLAUDE_CODE -> new ClaudeCodeLines();
      case GEMINI_DOCUMENT, OPENCODE_EXPORT, MESSAGE_LIST, SPECSTORY_MARKDOWN ->
          throw new IllegalArgumentException(format + " is one document, not lines");
    };
  }
}
