package io.engram.config;

/** A settings file that cannot be read or does not describe valid settings. */
public final class SettingsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SettingsException(String message) {
    super(message);
  }

  public SettingsException(String message, Throwable cause) {
    super(message, cause);
  }
}
