package io.engram.fs;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where Engram keeps per-session state: {@code <home>/sessions/<session-id>/}.
 *
 * <p>Session ids come from transcripts and hook input, so they are checked before they become a path:
 * letters, digits, {@code .}, {@code _} and {@code -} only, at most 128 characters, not {@code .} or
 * {@code ..}. A Claude Code session id (a UUID) always passes.
 */
public final class SessionDirectory {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]{1,128}");

  private SessionDirectory() {}

  /** The directory of {@code sessionId} under {@code engramHome}; throws for an id that is not safe in a path. */
  public static Path of(Path engramHome, String sessionId) {
    if (!SAFE.matcher(sessionId).matches() || sessionId.equals(".") || sessionId.equals("..")) {
      throw new IllegalArgumentException("session id '" + sessionId
          + "' cannot name a directory (letters, digits, '.', '_' and '-' only, at most 128)");
    }
    return engramHome.resolve("sessions").resolve(sessionId);
  }
}
