package io.engram.team;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Optional;

/** Sorts a database failure into offline (keep the work queued), refused (say why) or anything else. */
final class SqlFailures {
  private SqlFailures() {}

  /** The failure as the exception a caller handles: {@link TeamUnreachableException}, {@link TeamRefusedException}, or an IOException. */
  static IOException classify(String doing, TeamEndpoint endpoint, Throwable failure) {
    Optional<SQLException> sql = sqlCause(failure);
    String state = sql.map(SQLException::getSQLState).orElse("");
    String reason = firstLine(sql.map(Throwable::getMessage).orElse(String.valueOf(failure.getMessage())));
    if (state.startsWith("28")) {
      return new TeamRefusedException("the team database refused " + endpoint.user() + "'s login while " + doing
          + " (" + reason + "); the password comes from " + TeamPassword.ENV + " or ~/.pgpass", failure);
    }
    if (offline(failure, state)) {
      return new TeamUnreachableException("the team database at " + endpoint.host() + ":" + endpoint.port() + "/"
          + endpoint.database() + " is unreachable while " + doing + " (" + reason + ")", failure);
    }
    if (state.equals("42501")) {
      return new TeamRefusedException("the team database refused " + doing + " for " + endpoint.user() + ": " + reason,
          failure);
    }
    if (state.equals("42P01") || state.equals("3F000") || state.equals("42883")) {
      return new TeamRefusedException("the team schema is not installed in " + endpoint.database() + " (" + reason
          + "); an administrator installs it with engram team migrate", failure);
    }
    return new IOException("the team database failed while " + doing + ": " + reason
        + (state.isEmpty() ? "" : " [SQLSTATE " + state + "]"), failure);
  }

  /** Whether {@code failure} means the database is not there right now. */
  static boolean offline(Throwable failure, String state) {
    if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
      return true;
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException || t instanceof UnknownHostException || t instanceof NoRouteToHostException
          || t instanceof SocketTimeoutException || t instanceof java.io.EOFException
          || t instanceof java.sql.SQLTransientConnectionException) {
        return true;
      }
    }
    return false;
  }

  /** The innermost SQLException: the driver's own, under whatever the pool wrapped it in. */
  static Optional<SQLException> sqlCause(Throwable failure) {
    Optional<SQLException> found = Optional.empty();
    for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof SQLException s) {
        found = Optional.of(s);
      }
    }
    return found;
  }

  private static String firstLine(String text) {
    String t = text == null ? "" : text.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl);
  }
}
