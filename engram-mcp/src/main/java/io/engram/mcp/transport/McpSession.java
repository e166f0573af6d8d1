package io.engram.mcp.transport;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One client's session, where the server can reach it (a stdio connection, or an HTTP session's event stream):
 * the protocol version it negotiated, the name it gave, the resources it subscribed to, the least severe log message it wants
 * ({@code logging/setLevel}; none until it asks), and where its notifications go. A client without one (a
 * stateless HTTP caller, the launcher's relay) is told no notifications are offered.
 */
public final class McpSession {
  private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
  private volatile Consumer<String> sink;
  private volatile Optional<LogLevel> level = Optional.empty();
  private volatile String protocolVersion;
  private volatile String client;

  /** A session whose notifications go to {@code sink} (one JSON-RPC message each); none until it is set. */
  public McpSession(Consumer<String> sink) {
    this.sink = sink;
  }

  /** Where the notifications go from now on ({@code message -> { }} while the client has no stream open). */
  public void sendTo(Consumer<String> messages) {
    this.sink = messages;
  }

  /** The protocol version {@code initialize} settled on; empty before it. */
  public Optional<String> protocolVersion() {
    return Optional.ofNullable(protocolVersion);
  }

  void negotiated(String version) {
    this.protocolVersion = version;
  }

  /** The name the client gave in {@code initialize} ({@code clientInfo.name}); empty before it or when it gave none. */
  public Optional<String> client() {
    return Optional.ofNullable(client);
  }

  void client(String name) {
    this.client = name;
  }

  /** The least severe log message the client asked for; empty: it asked for none. */
  Optional<LogLevel> level() {
    return level;
  }

  void level(LogLevel least) {
    this.level = Optional.of(least);
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
