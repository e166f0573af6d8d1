package io.engram.http;

import io.engram.config.HttpSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Engram's one embedded HTTP server: Jetty's core on one address, each route a Jetty {@link Handler} with a
 * body limit of its own, and the bounds of {@link HttpSettings} against clients that misbehave. Built
 * with {@link #builder()}; {@link #close()} stops it.
 */
public final class EngramHttpServer implements AutoCloseable {
  // Slow readers are looked for four times per read limit, but not more often than every 50 ms (a check costs a pass
  // over the connections) nor less often than every second (a slow client is cut within a second of its limit).
  private static final long MIN_CHECK_MILLIS = 50;
  // See MIN_CHECK_MILLIS.
  private static final long MAX_CHECK_MILLIS = 1_000;
  private final Server server;
  private final ServerConnector connector;
  private final Scheduler.Task sweep;

  private EngramHttpServer(Server server, ServerConnector connector, Scheduler.Task sweep) {
    this.server = server;
    this.connector = connector;
    this.sweep = sweep;
  }

  /** A builder: loopback, any free port, default bounds, no route. */
  public static Builder builder() {
    return new Builder();
  }

  /** The address it listens on (the real port when 0 was asked for). */
  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost() == null ? InetAddress.getLoopbackAddress()
        : addressOf(connector.getHost()), connector.getLocalPort());
  }

  private static InetAddress addressOf(String host) {
    try {
      return InetAddress.getByName(host);
    } catch (IOException e) {
      return InetAddress.getLoopbackAddress();
    }
  }

  /**
   * Marks {@code request} as a long-lived stream (server-sent events): its connection no longer counts as one
   * being answered, so a newcomer past the connection bounds may close it (its client opens it again).
   */
  public static void streaming(Request request) {
    if (request.getAttribute(GuardedHandler.GUARD) instanceof ConnectionGuard guard) {
      guard.longLived(request.getConnectionMetaData().getConnection());
    }
  }

  /** Stops accepting, ends open connections and the threads; requests still running are cut short. */
  @Override
  public void close() {
    sweep.cancel();
    LifeCycle.stop(server);
  }

  /** How a server is put together; {@link #start()} binds and starts it. */
  public static final class Builder {
    private InetAddress host = InetAddress.getLoopbackAddress();
    private final Set<Integer> ports = new LinkedHashSet<>();
    private int port;
    private HttpSettings limits = HttpSettings.DEFAULTS;
    private final PathMappingsHandler routes = new PathMappingsHandler();
    private Consumer<String> log = line -> { };
    private String name = "engram-http";

    private Builder() {}

    /** The address and port to listen on (port 0: any free one). */
    public Builder bind(InetSocketAddress address) {
      this.host = address.getAddress();
      this.port = address.getPort();
      return this;
    }

    /**
     * A port tried before the one {@link #bind} names, when it is free (a restarted service keeps the URL
     * its clients were given).
     */
    public Builder preferPort(int preferred) {
      if (preferred > 0 && preferred < 65_536) {
        ports.add(preferred);
      }
      return this;
    }

    /** The bounds against misbehaving clients. */
    public Builder limits(HttpSettings bounds) {
      this.limits = bounds;
      return this;
    }

    /**
     * Serves requests whose path matches {@code pathSpec} (servlet syntax: {@code /mcp}, {@code /hook/*}) with
     * {@code handler}; a body over {@code maxBodyBytes} is refused with 413 (at once when its
     * {@code Content-Length} says so, else when the handler reads past the bound).
     */
    public Builder route(String pathSpec, int maxBodyBytes, Handler handler) {
      SizeLimitHandler bounded = new SizeLimitHandler(maxBodyBytes, -1);
      bounded.setHandler(handler);
      routes.addMapping(PathSpec.from(pathSpec), bounded);
      return this;
    }

    /** As {@link #route(String, int, Handler)} with the server's default body bound ({@code maxBodyBytes}). */
    public Builder route(String pathSpec, Handler handler) {
      return route(pathSpec, limits.maxBodyBytes(), handler);
    }

    /** Where a line goes for each connection the bounds close. */
    public Builder log(Consumer<String> lines) {
      this.log = lines;
      return this;
    }

    /** The prefix of the server's thread names. */
    public Builder name(String threadName) {
      this.name = threadName;
      return this;
    }

    /** Binds (the preferred port first when free) and starts serving; fails when no port can be bound. */
    public EngramHttpServer start() throws IOException {
      QueuedThreadPool threads = new QueuedThreadPool(limits.maxThreads(), 2, 60_000);
      threads.setName(name);
      threads.setDaemon(true);
      Server server = new Server(threads);
      server.setErrorHandler(new PlainErrors());
      HttpConfiguration http = new HttpConfiguration();
      http.setRequestHeaderSize(limits.maxHeaderBytes());
      http.setSendServerVersion(false);
      http.setSendXPoweredBy(false);
      ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
      connector.setHost(host.getHostAddress());
      connector.setIdleTimeout(limits.idleMillis());
      ConnectionGuard guard = new ConnectionGuard(limits, log);
      connector.addBean(guard);
      server.addConnector(connector);
      server.setHandler(new GuardedHandler(guard, routes));
      bind(connector);
      try {
        server.start();
      } catch (Exception e) {
        LifeCycle.stop(server);
        throw new IOException("cannot start the HTTP server on " + host.getHostAddress() + ": " + e.getMessage(), e);
      }
      long every = Math.max(MIN_CHECK_MILLIS, Math.min(MAX_CHECK_MILLIS, limits.requestReadMillis() / 4));
      Scheduler scheduler = connector.getScheduler();
      Scheduler.Task[] task = new Scheduler.Task[1];
      Runnable sweep = new Runnable() {
        @Override
        public void run() {
          guard.sweep();
          synchronized (task) {
            if (server.isRunning()) {
              task[0] = scheduler.schedule(this, every, TimeUnit.MILLISECONDS);
            }
          }
        }
      };
      task[0] = scheduler.schedule(sweep, every, TimeUnit.MILLISECONDS);
      return new EngramHttpServer(server, connector, () -> {
        synchronized (task) {
          return task[0].cancel();
        }
      });
    }

    private void bind(ServerConnector connector) throws IOException {
      List<Integer> candidates = new ArrayList<>(ports);
      candidates.add(port);
      IOException last = null;
      for (int candidate : candidates) {
        connector.setPort(candidate);
        try {
          connector.open();
          return;
        } catch (IOException e) {
          last = e;
          connector.close();
        }
      }
      throw last;
    }
  }

  /** Every error Jetty answers itself (404, 413, 431, 400) as one line of plain text, no page, no detail. */
  private static final class PlainErrors extends ErrorHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      int status = response.getStatus();
      Object message = request.getAttribute(ERROR_MESSAGE);
      String text = status + " " + (status == 404 ? "not found: " + request.getMethod() + " "
          + request.getHttpURI().getPath() : message == null ? "error" : message) + "\n";
      // A request refused before the handler read its body (413, or one the handler failed on) closes too.
      WatchedRequest.closeIfUnread(request, response);
      return HttpAnswer.text(status, text).send(response, callback);
    }
  }
}
