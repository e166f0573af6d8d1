package io.engram.mcp.transport;

import java.net.InetAddress;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The open connections of {@link HttpServerLoop}, counted in all and per client address. When a bound is
 * reached, the longest-waiting connection that is not being served (lingering first, then idle, then an
 * unfinished request) is closed for the newcomer: a slow client cannot keep others out. I/O thread only.
 */
final class ConnectionTable {
  private final int max;
  private final int maxPerAddress;
  private final Set<HttpConnection> all = new LinkedHashSet<>();
  private final Map<InetAddress, Integer> perAddress = new HashMap<>();

  ConnectionTable(int max, int maxPerAddress) {
    this.max = max;
    this.maxPerAddress = maxPerAddress;
  }

  /** Makes room for one more connection from {@code address}, closing others with {@code close}; false if it cannot. */
  boolean makeRoom(InetAddress address, Consumer<HttpConnection> close) {
    return (perAddress.getOrDefault(address, 0) < maxPerAddress || evict(c -> c.address.equals(address), close))
        && (all.size() < max || evict(c -> true, close));
  }

  void add(HttpConnection c) {
    all.add(c);
    perAddress.merge(c.address, 1, Integer::sum);
  }

  void remove(HttpConnection c) {
    if (all.remove(c)) {
      perAddress.computeIfPresent(c.address, (a, n) -> n <= 1 ? null : n - 1);
    }
  }

  /** The connections whose current state has outlived its bound. */
  List<HttpConnection> late(long now) {
    return all.stream().filter(c -> c.late(now)).toList();
  }

  /** Every open connection, as a copy. */
  List<HttpConnection> all() {
    return List.copyOf(all);
  }

  private boolean evict(Predicate<HttpConnection> among, Consumer<HttpConnection> close) {
    Optional<HttpConnection> victim = all.stream()
        .filter(among)
        .filter(HttpConnection::evictable)
        .min(Comparator.comparingInt((HttpConnection c) -> order(c.state)).thenComparingLong(c -> c.since));
    victim.ifPresent(close);
    return victim.isPresent();
  }

  private static int order(HttpConnection.State state) {
    return state == HttpConnection.State.LINGERING ? 0 : state == HttpConnection.State.IDLE ? 1 : 2;
  }
}
