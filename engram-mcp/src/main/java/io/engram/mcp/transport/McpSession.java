package io.engram.mcp.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One client's session, where the server can reach it (a stdio connection, or an HTTP session's event stream):
 * the resources it subscribed to, and where its notifications go. A client without one (a stateless HTTP
 * caller, the launcher's relay) is told no notifications are offered.
 */
public final class McpSession {
  private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
  private volatile Consumer<String> sink;

  /** A session whose notifications go to {@code sink} (one JSON-RPC message each); none until it is set. */
  public McpSession(Consumer<String> sink) {
    this.sink = sink;
  }

  /** Where the notifications go from now on ({@code message -> { }} while the client has no stream open). */
  public void sendTo(Consumer<String> messages) {
    this.sink = messages;
  }

  void subscribe(String uri) {
    subscriptions.add(uri);
  }

  void unsubscribe(String uri) {
    subscriptions.remove(uri);
  }

  boolean subscribed(String uri) {
    return subscriptions.contains(uri);
  }

  void send(String message) {
    sink.accept(message);
  }
}
