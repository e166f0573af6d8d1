package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the sessions of one {@link McpProtocol} are told about the resources: the resources' fingerprints as they
 * were at the last check, compared with what they are now when this process changes them (the store's change
 * events), after every tool call, and every {@code changeCheckMillis} while a session is open (so changes by other
 * processes are seen too). Resources that came or went: {@code notifications/resources/list_changed} to every
 * session; one that changed or went: {@code notifications/resources/updated} to the sessions subscribed to it.
 */
final class ResourceChanges {
  /** One thread for every protocol's checks: they are short, and a check never runs beside another. */
  private static final ScheduledExecutorService CHECKS = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "engram-mcp-changes");
    t.setDaemon(true);
    return t;
  });

  private final long changeCheckMillis;
  private final Supplier<Optional<McpProtocol.Resources>> resources;
  private final Consumer<String> log;
  private final AtomicBoolean watched = new AtomicBoolean();
  private final Set<McpSession> sessions = ConcurrentHashMap.newKeySet();
  private final Object checkLock = new Object();
  private Map<String, String> seen; // guarded by checkLock

  /**
   * @param changeCheckMillis how often the resources are compared while a session is open
   * @param resources the resources once the SDK's server is built, empty before
   * @param log where a failure to list them goes
   */
  ResourceChanges(long changeCheckMillis, Supplier<Optional<McpProtocol.Resources>> resources, Consumer<String> log) {
    this.changeCheckMillis = changeCheckMillis;
    this.resources = resources;
    this.log = log;
  }

  /**
   * Takes {@code built} as they are now as the state changes are told against, and checks at once whenever this
   * process changes them. Called before any request can change the store, so the first change is told too.
   */
  void follow(McpProtocol.Resources built) {
    synchronized (checkLock) {
      try {
        seen = built.fingerprints();
      } catch (IOException | RuntimeException e) {
        log.accept("cannot list the resources to look for changes: " + e.getMessage());
      }
    }
    built.onChange(this::checkSoon);
  }

  /** Starts telling {@code session} about changes to the resources. */
  void open(McpSession session) {
    sessions.add(session);
    if (watched.compareAndSet(false, true)) {
      CHECKS.scheduleWithFixedDelay(this::check, changeCheckMillis, changeCheckMillis, TimeUnit.MILLISECONDS);
    }
    checkSoon(); // the state the session starts from
  }

  /** Stops telling {@code session} anything. */
  void close(McpSession session) {
    sessions.remove(session);
  }

  /** Checks on the checks' thread, when a session is open to be told. */
  void checkSoon() {
    if (!sessions.isEmpty()) {
      CHECKS.execute(this::check);
    }
  }

  /** Compares the resources with what they were at the last check, and tells each session what changed. */
  private void check() {
    synchronized (checkLock) {
      checkLocked();
    }
  }

  private void checkLocked() {
    Optional<McpProtocol.Resources> built = sessions.isEmpty() ? Optional.empty() : resources.get();
    if (built.isEmpty()) {
      return;
    }
    Map<String, String> now;
    try {
      now = built.get().fingerprints();
    } catch (IOException | RuntimeException e) {
      log.accept("cannot list the resources to look for changes: " + e.getMessage());
      return;
    }
    Map<String, String> before = seen;
    seen = now;
    if (before == null) {
      return;
    }
    if (!now.keySet().equals(before.keySet())) {
      sessions.forEach(s -> s.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}"));
    }
    Set<String> uris = new HashSet<>(before.keySet());
    uris.addAll(now.keySet());
    for (String uri : uris) {
      if (!Objects.equals(before.get(uri), now.get(uri))) {
        ObjectNode note = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0")
            .put("method", "notifications/resources/updated");
        note.putObject("params").put("uri", uri);
        sessions.stream().filter(s -> s.subscribed(uri)).forEach(s -> s.send(note.toString()));
      }
    }
  }
}
