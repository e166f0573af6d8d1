package io.engram.team;

import java.io.IOException;

/**
 * The project was never connected to a team store ({@code engram team connect}), so there is no database to send to
 * or pull from. The message says how to connect it.
 */
public final class TeamNotConnectedException extends IOException {
  private static final long serialVersionUID = 1L;

  TeamNotConnectedException(String message) {
    super(message);
  }
}
