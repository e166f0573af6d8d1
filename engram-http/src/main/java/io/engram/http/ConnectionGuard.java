package io.engram.http;

import io.engram.config.HttpSettings;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * The bounds Jetty has no setting for: connections in all and per client address, and the time a request may
 * take to arrive. Jetty reads heads and bodies without a thread while they trickle in, so a slow client costs a
 * connection, not a worker; these bounds keep it from costing every connection. A newcomer past a bound closes
 * the connection that has waited longest without a request being answered on it (idle, a head or a body still
 * arriving, or a long-lived event stream, which its client opens again); only when every other is being
 * answered is the newcomer closed. The periodic {@link #sweep()} closes a connection whose head has been
 * arriving for longer than {@code requestReadMillis}, or whose body has, counted from when its answer began.
 */
final class ConnectionGuard implements Connection.Listener {
  private final HttpSettings limits;
  private final Consumer<String> log;
  private final Map<Connection, Tracked> open = new ConcurrentHashMap<>();

  /** One open connection: its client, and since when it waits (for a request) or is being answered. */
  private static final class Tracked {
    final String client;
    volatile long since = System.nanoTime();
    volatile boolean answering;
    volatile boolean longLived;

    Tracked(String client) {
      this.client = client;
    }

    boolean evictable() {
      return !answering || longLived;
    }
  }

  ConnectionGuard(HttpSettings limits, Consumer<String> log) {
    this.limits = limits;
    this.log = log;
  }

  @Override
  public void onOpened(Connection connection) {
    Tracked tracked = new Tracked(client(connection.getEndPoint().getRemoteSocketAddress()));
    open.put(connection, tracked);
    admit(connection, tracked);
  }

  @Override
  public void onClosed(Connection connection) {
    open.remove(connection);
  }

  void answering(Connection connection) {
    mark(connection, true);
  }

  void answered(Connection connection) {
    mark(connection, false);
  }

  // Since now, the connection is being answered or waits for its next request.
  private void mark(Connection connection, boolean answering) {
    Tracked t = open.get(connection);
    if (t != null) {
      t.answering = answering;
      t.longLived = false;
      t.since = System.nanoTime();
    }
  }

  /** The request on {@code connection} is a long-lived stream: the connection may be closed for a newcomer. */
  void longLived(Connection connection) {
    Tracked t = open.get(connection);
    if (t != null) {
      t.longLived = true;
    }
  }

  private synchronized void admit(Connection newcomer, Tracked tracked) {
    long fromClient = open.values().stream().filter(t -> t.client.equals(tracked.client)).count();
    if (fromClient > limits.maxConnectionsPerClient()) {
      makeRoom(newcomer, tracked.client, "more than " + limits.maxConnectionsPerClient() + " connections from "
          + tracked.client);
    }
    if (open.size() > limits.maxConnections()) {
      makeRoom(newcomer, null, "more than " + limits.maxConnections() + " connections");
    }
  }

  // Closes the evictable connection (of client, or of anyone when null) that has waited longest, else newcomer.
  private void makeRoom(Connection newcomer, String client, String why) {
    Optional<Map.Entry<Connection, Tracked>> oldest = open.entrySet().stream()
        .filter(e -> e.getKey() != newcomer && e.getValue().evictable())
        .filter(e -> client == null || e.getValue().client.equals(client))
        .min(Comparator.comparingLong(e -> e.getValue().since));
    Connection victim = oldest.map(Map.Entry::getKey).orElse(newcomer);
    open.remove(victim);
    log.accept(why + ": closed " + (victim == newcomer ? "the newcomer, as every other is being answered"
        : "the one waiting longest"));
    victim.getEndPoint().close();
  }

  /** Closes each connection whose head, or whose body once its answer began, is taking too long to arrive. */
  void sweep() {
    long now = System.nanoTime();
    long bound = limits.requestReadMillis() * 1_000_000L;
    open.forEach((connection, t) -> {
      if (now - t.since <= bound || !(connection instanceof HttpConnection http)) {
        return;
      }
      HttpParser parser = http.getParser();
      boolean headArriving = !t.answering && parser.inHeaderState() && !parser.isStart();
      boolean bodyArriving = t.answering && !t.longLived && parser.inContentState();
      if (headArriving || bodyArriving) {
        open.remove(connection);
        log.accept("closed a connection from " + t.client + ": its request's " + (headArriving ? "head" : "body")
            + " took more than " + limits.requestReadMillis() + " ms to arrive");
        connection.getEndPoint().close();
      }
    });
  }

  private static String client(SocketAddress remote) {
    return remote instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress() : String.valueOf(remote);
  }
}
