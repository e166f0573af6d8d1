package io.engram.mcp.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** MCP's log levels (those of syslog, RFC 5424), least severe first, as {@code logging/setLevel} names them. */
public enum LogLevel {
  DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

  /** The name on the wire: {@code debug}, {@code info}, ... */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The level called {@code id} on the wire, if any. */
  public static Optional<LogLevel> of(String id) {
    return Arrays.stream(values()).filter(l -> l.id().equals(id)).findFirst();
  }
}
