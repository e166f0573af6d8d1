package io.engram.mcp.transport;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which browser origins may call the HTTP server, against DNS rebinding: a request without {@code Origin}
 * (not from a browser) passes; one with {@code Origin} passes only when it is a loopback origin
 * ({@code http(s)://localhost}, {@code 127.0.0.1} or {@code [::1]}, any port) or one configured.
 * {@code Origin: null} (sandboxed pages, files) never passes.
 */
public final class OriginPolicy {
  private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

  private final Set<String> allowed;

  private OriginPolicy(Set<String> allowed) {
    this.allowed = allowed;
  }

  /** Loopback origins and {@code extra} (each {@code scheme://host[:port]}). */
  public static OriginPolicy loopbackAnd(List<String> extra) {
    return new OriginPolicy(extra.stream().map(o -> normalize(o).orElseThrow(() -> new IllegalArgumentException(
        "not an origin (scheme://host[:port]): " + o))).collect(Collectors.toUnmodifiableSet()));
  }

  /** Whether a request with these {@code Origin} field values may be served. */
  boolean allows(List<String> origins) {
    if (origins.isEmpty()) {
      return true;
    }
    if (origins.size() > 1) {
      return false;
    }
    Optional<String> origin = normalize(origins.get(0));
    if (origin.isEmpty()) {
      return false;
    }
    URI uri = URI.create(origin.get());
    return LOOPBACK_HOSTS.contains(uri.getHost()) || allowed.contains(origin.get());
  }

  /** {@code scheme://host[:port]} in lower case, or empty when {@code origin} is not an http(s) origin. */
  private static Optional<String> normalize(String origin) {
    try {
      URI uri = new URI(origin.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean bare = (uri.getRawPath() == null || uri.getRawPath().isEmpty()) && uri.getRawQuery() == null
          && uri.getRawFragment() == null && uri.getRawUserInfo() == null;
      if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || !bare) {
        return Optional.empty();
      }
      return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT)
          + (uri.getPort() < 0 ? "" : ":" + uri.getPort()));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }
}
