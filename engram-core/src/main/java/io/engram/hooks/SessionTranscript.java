package io.engram.hooks;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A transcript file a hook works on, and the session it belongs to (its first record's; for a resumed
 * session, the session it resumed), under whose id the passes keep where they got to.
 *
 * @param file the transcript file
 * @param sessionId the session that owns it
 */
record SessionTranscript(Path file, String sessionId) {
  SessionTranscript {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(sessionId, "sessionId");
  }

  /** The file's name without {@code .jsonl}: the owner when no record names one, as the reader does. */
  static String stem(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
  }
}
