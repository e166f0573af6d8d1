package io.engram.cli.global;

/** An error whose message is written for the user as it stands; the command exits with code 1. */
public final class UserFacingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserFacingException(String message) {
    super(message);
  }
}
