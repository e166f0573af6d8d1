package io.engram.team;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where the team database is: a PostgreSQL JDBC URL ({@code jdbc:postgresql://HOST[:PORT]/DB[?user=...]}) and the
 * parts of it a password lookup matches on. A URL that carries a password is refused: Engram never writes one
 * down, and the URL is written to the project's team connection file.
 *
 * @param url the JDBC URL as given (no password in it)
 * @param host the host, as written in the URL
 * @param port the port (5432 when the URL has none)
 * @param database the database name
 * @param user the member's PostgreSQL role: the URL's {@code user}, else {@code PGUSER}, else the login name
 */
public record TeamEndpoint(String url, String host, int port, String database, String user) {
  private static final String PREFIX = "jdbc:postgresql://";

  public TeamEndpoint {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(user, "user");
  }

  /**
   * Parses {@code url}; {@code env} gives {@code PGUSER}, {@code loginName} is the last resort for the user.
   *
   * @throws IllegalArgumentException saying what is wrong with the URL
   */
  public static TeamEndpoint parse(String url, Map<String, String> env, String loginName) {
    String u = url.strip();
    if (!u.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not a PostgreSQL JDBC URL: '" + url + "' (expected " + PREFIX
          + "HOST[:PORT]/DATABASE[?user=NAME])");
    }
    String rest = u.substring(PREFIX.length());
    int q = rest.indexOf('?');
    Map<String, String> params = q < 0 ? Map.of() : query(rest.substring(q + 1), url);
    String hostPart = q < 0 ? rest : rest.substring(0, q);
    int slash = hostPart.indexOf('/');
    if (slash < 0 || slash == hostPart.length() - 1) {
      throw new IllegalArgumentException("the URL names no database: '" + url + "' (expected " + PREFIX
          + "HOST[:PORT]/DATABASE)");
    }
    String authority = hostPart.substring(0, slash);
    String database = URLDecoder.decode(hostPart.substring(slash + 1), StandardCharsets.UTF_8);
    if (authority.contains(",")) {
      throw new IllegalArgumentException("the URL names several hosts: '" + authority + "'; name the one to use");
    }
    if (params.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("password"))) {
      throw new IllegalArgumentException("the URL holds a password; Engram never writes one down: remove it and set"
          + " ENGRAM_TEAM_PASSWORD, or add a line for this server to ~/.pgpass");
    }
    String host;
    int port = 5432;
    if (authority.startsWith("[")) {
      int close = authority.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("unclosed '[' in the host of '" + url + "'");
      }
      host = authority.substring(1, close);
      String after = authority.substring(close + 1);
      if (after.startsWith(":")) {
        port = port(after.substring(1), url);
      }
    } else {
      int colon = authority.lastIndexOf(':');
      host = colon < 0 ? authority : authority.substring(0, colon);
      if (colon >= 0) {
        port = port(authority.substring(colon + 1), url);
      }
    }
    if (host.isBlank()) {
      host = "localhost";
    }
    String user = params.get("user");
    if (user == null || user.isBlank()) {
      user = env.getOrDefault("PGUSER", "");
    }
    if (user.isBlank()) {
      user = loginName;
    }
    return new TeamEndpoint(u, host, port, database, user);
  }

  /** {@code host:port/database as user}, for messages. */
  public String describe() {
    return host + ":" + port + "/" + database + " as " + user;
  }

  private static int port(String text, String url) {
    try {
      int p = Integer.parseInt(text);
      if (p < 1 || p > 65_535) {
        throw new NumberFormatException();
      }
      return p;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad port '" + text + "' in '" + url + "'");
    }
  }

  private static Map<String, String> query(String query, String url) {
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      params.put(key.toLowerCase(Locale.ROOT).equals("user") ? "user" : key, value);
    }
    return params;
  }
}
