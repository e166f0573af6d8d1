package io.engram.mcp.transport;

import io.engram.config.McpSettings;
import io.engram.http.EngramHttpServer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;

/**
 * Streamable HTTP's sessions, kept only so the server can reach a client: {@code initialize} opens one
 * ({@code Mcp-Session-Id}: 128 random bits), a GET with it opens the event stream its notifications go to (one at
 * a time; a new one replaces the old), DELETE ends it. At most {@code mcp.maxSessions} are kept, and one without
 * a stream goes {@code mcp.sessionIdleMillis} after its last request. An idle stream gets a comment every
 * {@code mcp.keepAliveMillis}; a client that does not take an event within that time loses its stream.
 */
final class HttpSessions {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final McpSettings limits;
  private final Map<String, Entry> sessions = new ConcurrentHashMap<>();
  private final ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "engram-mcp-sessions");
    t.setDaemon(true);
    return t;
  });

  /** One session: the protocol of its project, the session, and its open stream if any. */
  static final class Entry {
    final McpProtocol protocol;
    final McpSession session = new McpSession(message -> { });
    volatile long lastSeen = System.nanoTime();
    volatile Stream stream;

    Entry(McpProtocol protocol) {
      this.protocol = protocol;
    }
  }

  HttpSessions(McpSettings limits) {
    this.limits = limits;
    ticks.scheduleWithFixedDelay(this::tick, limits.keepAliveMillis(), limits.keepAliveMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** A new session on {@code protocol}; returns its id. */
  String open(McpProtocol protocol) {
    while (sessions.size() >= limits.maxSessions()) {
      sessions.entrySet().stream().min(Comparator.comparingLong(e -> e.getValue().lastSeen))
          .ifPresent(e -> end(e.getKey()));
    }
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    String id = HexFormat.of().formatHex(bytes);
    Entry entry = new Entry(protocol);
    sessions.put(id, entry);
    protocol.open(entry.session);
    return id;
  }

  /** The session {@code id} names, its last use now; empty when there is none (ended, expired, never given). */
  Optional<Entry> find(String id) {
    Entry e = sessions.get(id);
    if (e != null) {
      e.lastSeen = System.nanoTime();
    }
    return Optional.ofNullable(e);
  }

  /** Ends session {@code id}: its stream closes and it is told nothing more. */
  boolean end(String id) {
    Entry e = sessions.remove(id);
    if (e == null) {
      return false;
    }
    e.protocol.close(e.session);
    Stream s = e.stream;
    if (s != null) {
      s.close();
    }
    return true;
  }

  /** Opens {@code entry}'s event stream on this request; the request lasts as long as the stream. */
  void stream(Entry entry, Request request, Response response, Callback callback) {
    // A session's stream is long-lived: a newcomer past the connection bounds may close it, and its client opens
    // it again. The stream that answers one POST is not (closing it would lose the answer).
    EngramHttpServer.streaming(request);
    Stream stream = open(request, response, callback, limits.keepAliveMillis());
    Stream old = entry.stream;
    entry.stream = stream;
    entry.session.sendTo(stream::event);
    if (old != null) {
      old.close();
    }
    stream.write(": engram\n\n"); // the head goes out now: the client knows its stream is open
  }

  /**
   * An event stream that answers one POST: the request's progress and log messages, then its answer; the caller
   * closes it. Its connection counts as one being answered, so the connection bounds never close it.
   */
  static Stream answerStream(Request request, Response response, Callback callback) {
    return open(request, response, callback, McpSettings.DEFAULTS.keepAliveMillis());
  }

  private static Stream open(Request request, Response response, Callback callback, long writeMillis) {
    response.setStatus(200);
    response.getHeaders().put("Content-Type", "text/event-stream");
    response.getHeaders().put("Cache-Control", "no-store");
    return new Stream(response, callback, writeMillis);
  }

  /** Ends every session and stops the keep-alive thread (the server is stopping). */
  void close() {
    ticks.shutdownNow();
    sessions.keySet().forEach(this::end);
  }

  private void tick() {
    long now = System.nanoTime();
    sessions.forEach((id, e) -> {
      Stream s = e.stream;
      if (s != null && !s.closed) {
        s.write(": keep-alive\n\n");
      } else if (now - e.lastSeen > limits.sessionIdleMillis() * 1_000_000L) {
        end(id);
      }
    });
  }

  /** One open event stream: writes one at a time, each within the keep-alive time, else it is closed. */
  static final class Stream {
    private final Response response;
    private final Callback callback;
    private final long writeMillis;
    private volatile boolean closed;

    Stream(Response response, Callback callback, long writeMillis) {
      this.response = response;
      this.callback = callback;
      this.writeMillis = writeMillis;
    }

    void event(String json) {
      write("event: message\ndata: " + json + "\n\n");
    }

    synchronized void write(String text) {
      if (closed) {
        return;
      }
      FutureCallback written = new FutureCallback();
      response.write(false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), written);
      try {
        written.get(writeMillis, TimeUnit.MILLISECONDS);
      } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
        fail(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail(e);
      }
    }

    synchronized void close() {
      if (!closed) {
        closed = true;
        response.write(true, ByteBuffer.allocate(0), callback);
      }
    }

    private void fail(Throwable why) {
      closed = true;
      callback.failed(why);
    }
  }
}
