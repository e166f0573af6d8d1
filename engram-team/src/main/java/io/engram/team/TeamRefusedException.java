package io.engram.team;

import java.io.IOException;

/**
 * The team database refused what was asked: wrong password, no role that allows it, a row the policies hide, or a
 * schema that is not installed. The message says which, in the database's words too.
 */
public final class TeamRefusedException extends IOException {
  private static final long serialVersionUID = 1L;

  TeamRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
