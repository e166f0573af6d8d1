package io.engram.service;

import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.config.ServiceSettings;
import io.engram.config.UiSettings;
import io.engram.hooks.HookDialect;
import io.engram.http.EngramHttpServer;
import io.engram.http.HttpAnswer;
import io.engram.http.RequestBody;
import io.engram.mcp.EngramMcpServer;
import io.engram.mcp.transport.McpHttpHandler;
import io.engram.transcript.AgentSessionFiles;
import io.engram.ui.WebUi;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The resident service of one Engram home: one loopback HTTP server (engram-http's) that answers hook calls for
 * every project ({@code POST /hook/<Event>}), reports its status ({@code GET /status}), stops on request
 * ({@code POST /stop}), and serves MCP for every project at {@code /mcp} ({@link McpEndpoint}). Every request must
 * carry the home's token ({@link ServiceToken}); others get 401. The web UI is mounted at {@code /ui/} with its own
 * gate (see {@link WebUi}).
 *
 * <p>Only one service runs per home: it holds {@code service.lock} for its whole life. Once listening it
 * writes its address ({@link ServiceInfo}) and the launcher's curl configurations, runs the work a previous
 * service left in the queue, loads the embedding model, and then serves until {@code stop}, a signal, or
 * {@code service.idleSeconds} without a request or work.
 */
public final class EngramService implements AutoCloseable {
  private final ServiceFiles files;
  private final EngramHttpServer server;
  private final EngramMcpServer.ForProjects mcp;
  private final ProjectLanes lanes;
  private final WorkQueue queue;
  private final HookEndpoint hooks;
  private final HookRunners runners;
  private final ServiceToken token;
  private final ServiceInfo info;
  private final HeldLock held;
  private final Consumer<String> log;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
  private final AtomicLong served = new AtomicLong();
  // Once stopping, it answers 503: a client asking whether it runs is told no at once, not by its last answers.
  private volatile boolean stopping;
  private final Thread watchdog;

  /** Thrown when another service already runs for the home. */
  public static final class AlreadyRunning extends Exception {
    AlreadyRunning(String message) {
      super(message);
    }
  }

  private EngramService(ServiceFiles files, HeldLock held, HookRunners runners, HookDialect.Places places,
      ServiceToken token, String version, Consumer<String> log) throws IOException {
    this.files = files;
    this.held = held;
    this.runners = runners;
    this.token = token;
    this.log = log;
    ServiceSettings settings = runners.settings().service();
    this.queue = new WorkQueue(files.queue(), Clock.systemUTC());
    this.lanes = new ProjectLanes(settings.workers());
    this.hooks = new HookEndpoint(runners, places, queue, lanes, log);
    this.mcp = McpEndpoint.forProjects(runners, token, version, log);
    // The web UI has its own gate (a session token the page holds, not the service's), so it is a route of its own.
    Handler ui = UiWiring.webUi(runners::view, token::accepts, log);
    this.server = EngramHttpServer.builder()
        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), settings.port()))
        .preferPort(settings.port() == 0 ? ClientFiles.lastPort(files).orElse(0) : 0)
        .limits(HttpSettings.DEFAULTS)
        .log(line -> log.accept("http: " + line))
        .name("engram-service-http")
        .route(WebUi.PATH + "*", UiSettings.DEFAULTS.maxRequestBytes(), touching(ui))
        .route(McpHttpHandler.ENDPOINT, McpSettings.DEFAULTS.maxMessageBytes(), touching(mcp.handler()))
        .route("/", new ServiceApi())
        .start();
    this.info = new ServiceInfo(ProcessHandle.current().pid(), "127.0.0.1", server.address().getPort(), Instant.now(),
        version);
    this.watchdog = new Thread(this::watch, "engram-service-watchdog");
    watchdog.setDaemon(true);
  }

  /**
   * Starts the service of {@code home} for the user whose home is {@code userHome}, with the environment
   * {@code environment} (the model's keys come from there); {@code log} gets one line per event worth noting.
   *
   * @throws AlreadyRunning when another service holds the home
   */
  public static EngramService start(Path home, Path userHome, Map<String, String> environment, String version,
      Consumer<String> log) throws IOException, AlreadyRunning {
    ServiceFiles files = ServiceFiles.of(home).create();
    Optional<HeldLock> lock = HeldLock.tryHold(files.lock());
    if (lock.isEmpty()) {
      throw new AlreadyRunning("a service already runs for " + home
          + ServiceInfo.read(files.info()).map(i -> " (pid " + i.pid() + ", " + i.url() + ")").orElse(""));
    }
    try {
      HookRunners runners = new HookRunners(home.toAbsolutePath().normalize(), userHome, environment, log);
      HookDialect.Places places = new HookDialect.Places(home.toAbsolutePath().normalize(),
          AgentSessionFiles.of(userHome, environment));
      EngramService service = new EngramService(files, lock.get(), runners, places,
          ServiceToken.readOrCreate(files.token()), version, log);
      service.open();
      return service;
    } catch (IOException | RuntimeException e) {
      lock.get().release();
      throw e;
    }
  }

  private void open() throws IOException {
    ClientFiles.write(files, info, token, runners.settings().service());
    info.write(files.info());
    log.accept("listening on " + info.url() + " (pid " + info.pid() + ")");
    for (WorkQueue.Job job : queue.pending()) {
      log.accept("resuming " + job.event().hookName() + " " + job.id() + " left by an earlier run");
      hooks.run(job);
    }
    watchdog.start();
    Thread warm = new Thread(runners::warmUp, "engram-service-warm-up");
    warm.setDaemon(true);
    warm.start();
  }

  /** The address and process of this service. */
  public ServiceInfo info() {
    return info;
  }

  /** Blocks until the service has stopped. */
  public void awaitStop() throws InterruptedException {
    stopped.await();
  }

  @Override
  public synchronized void close() {
    if (stopped.getCount() == 0) {
      return;
    }
    server.close();
    mcp.close();
    try {
      lanes.shutdown(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    runners.close();
    ClientFiles.remove(files, info);
    log.accept("stopped");
    held.release();
    stopped.countDown();
  }

  private void stopSoon(String why) {
    stopping = true;
    log.accept("stopping: " + why);
    Thread t = new Thread(this::close, "engram-service-stop");
    t.start();
  }

  private void watch() {
    ServiceSettings settings;
    long lastRescan = System.nanoTime();
    while (stopped.getCount() > 0) {
      try {
        settings = runners.settings().service();
        Thread.sleep(Math.min(1_000L, settings.idleSeconds() * 250L));
        // No client can reach a service whose address file is gone (its home deleted) or names another process:
        // it would hold its memory and port, unseen by `engram daemon status`, until its idle time ran out.
        if (!info.namedBy(files.info())) {
          stopSoon("its address file " + files.info() + " is gone or names another service (the home was removed):"
              + " no client can find it");
          return;
        }
        long now = System.nanoTime();
        if (lanes.busy() > 0 || runners.embedding() > 0) {
          lastActivity.set(now);
        } else if (now - lastActivity.get() > Duration.ofSeconds(settings.idleSeconds()).toNanos()) {
          stopSoon("no request for " + settings.idleSeconds() + " s");
          return;
        }
        if (now - lastRescan > Duration.ofSeconds(settings.queueRescanSeconds()).toNanos() && lanes.busy() == 0) {
          lastRescan = now;
          for (WorkQueue.Job job : queue.pending()) {
            log.accept("running " + job.event().hookName() + " " + job.id() + ", found waiting in the queue");
            hooks.run(job);
          }
        }
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        log.accept("watchdog: " + e.getMessage());
      }
    }
  }

  /** A route's handler that counts as activity (the idle exit waits for none). */
  private Handler touching(Handler handler) {
    return new Handler.Wrapper(handler) {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        lastActivity.set(System.nanoTime());
        return super.handle(request, response, callback);
      }
    };
  }

  /** Hooks, status and stop: every request needs the token. */
  private final class ServiceApi extends Handler.Abstract {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      HttpAnswer answer = answer(request);
      if (answer.status() == 200 && request.getHttpURI().getDecodedPath().equals("/stop")) {
        // Stopped once the answer is out, so the caller reads it rather than a closed connection.
        return answer.send(response, Callback.from(() -> {
          callback.succeeded();
          stopSoon("asked to stop");
        }, failure -> {
          callback.failed(failure);
          stopSoon("asked to stop");
        }));
      }
      return answer.send(response, callback);
    }

    private HttpAnswer answer(Request request) {
      lastActivity.set(System.nanoTime());
      served.incrementAndGet();
      if (!token.accepts(request.getHeaders().get("Authorization"))) {
        return HttpAnswer.text(401, "unauthorized: send Authorization: Bearer <the token in " + files.token() + ">");
      }
      if (stopping) {
        return HttpAnswer.text(503, "stopping");
      }
      String path = request.getHttpURI().getDecodedPath();
      String method = request.getMethod();
      try {
        if (path.startsWith("/hook/") && method.equals("POST")) {
          String body = new String(RequestBody.read(request), StandardCharsets.UTF_8);
          Optional<Path> project = Optional.ofNullable(request.getHeaders().get("Engram-Project"))
              .filter(p -> !p.isBlank()).map(Path::of);
          String agent = Optional.ofNullable(request.getHeaders().get(ServiceClient.AGENT_HEADER)).orElse("claude");
          Optional<HookDialect> dialect = HookDialect.parse(agent);
          if (dialect.isEmpty()) {
            return HttpAnswer.text(HookEndpoint.REFUSED, "unknown agent '" + agent + "' (expected "
                + HookDialect.choices() + ")");
          }
          HookEndpoint.Reply reply = hooks.answer(path.substring("/hook/".length()), body, project, dialect.get());
          return HttpAnswer.text(reply.status(), reply.body());
        } else if (path.equals("/status") && method.equals("GET")) {
          return HttpAnswer.json(200, ServiceStatus.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(status()));
        } else if (path.equals("/stop") && method.equals("POST")) {
          return HttpAnswer.text(200, "stopping");
        }
        return HttpAnswer.text(404, "not found: " + method + " " + path);
      } catch (RequestBody.TooLarge e) {
        return HttpAnswer.text(413, "the request body is over " + HttpSettings.DEFAULTS.maxBodyBytes()
            + " bytes");
      } catch (IOException | RuntimeException e) {
        log.accept("request failed: " + e);
        return HttpAnswer.text(500, "internal error: " + e.getMessage());
      }
    }
  }

  ServiceStatus status() throws IOException {
    Instant now = Instant.now();
    int[] counts = queue.counts();
    Runtime rt = Runtime.getRuntime();
    long mib = 1024 * 1024;
    return new ServiceStatus(info.pid(), info.version(), new ServiceStatus.Addresses(info.url(), info.mcpUrl()),
        files.dir().getParent().toString(),
        info.startedAt(), Duration.between(info.startedAt(), now).toSeconds(),
        runners.settings().service().idleSeconds(),
        Duration.ofNanos(System.nanoTime() - lastActivity.get()).toSeconds(), served.get(),
        runners.served().entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> new ServiceStatus.Project(e.getKey().toString(), e.getValue())).toList(),
        new ServiceStatus.Queue(counts[0], lanes.busy(), counts[1], runners.embedding()),
        new ServiceStatus.Memory((rt.totalMemory() - rt.freeMemory()) / mib, rt.totalMemory() / mib,
            ResidentMemory.mebibytes()));
  }

}
