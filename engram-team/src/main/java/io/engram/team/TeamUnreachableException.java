package io.engram.team;

import java.io.IOException;

/**
 * The team database could not be reached (down, unreachable, starting or shutting down). Offline is a state, not
 * a failure: changes stay queued and the mirror keeps serving what the last sync brought.
 */
public final class TeamUnreachableException extends IOException {
  private static final long serialVersionUID = 1L;

  TeamUnreachableException(String message, Throwable cause) {
    super(message, cause);
  }
}
