package io.engram.service;

import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * How the command line talks to the resident service of a home: finds it (its {@link ServiceInfo} and the
 * token), forwards a hook call, asks for its status, stops it, and hands it work when it is not running
 * ({@link #handOver}: the work waits in the queue for the next service). Whether a service runs is asked of it
 * ({@link #running}: it answers {@code /status} to the token); a live process id alone is no proof, since the
 * system gives a dead service's id to other processes.
 */
public final class ServiceClient {
  // A service that stopped answering has at least two seconds to exit: it removes its files first, which takes
  // well under that.
  private static final long EXIT_WAIT_MILLIS = 2_000;
  // A local service accepts a connection at once or not at all: connecting waits a second at most, whatever the call's
  // own time limit.
  private static final long CONNECT_WAIT_MILLIS = 1_000;
  /**
   * The request header that names the coding agent whose hook a call carries ({@code codex}, {@code gemini}...);
   * without it the call is Claude Code's. The launcher sends it for {@code engram hook --agent AGENT EVENT}.
   */
  public static final String AGENT_HEADER = "Engram-Agent";

  private final ServiceFiles files;
  private final ServiceInfo info;
  private final ServiceToken token;

  private ServiceClient(ServiceFiles files, ServiceInfo info, ServiceToken token) {
    this.files = files;
    this.info = info;
    this.token = token;
  }

  /**
   * The service {@code home}'s files name, to be asked; empty when none can run (no address file or token, or
   * its process is gone). It may still not answer: {@link #running} asks it.
   */
  public static Optional<ServiceClient> find(Path home) {
    ServiceFiles files = ServiceFiles.of(home);
    Optional<ServiceInfo> info = ServiceInfo.read(files.info()).filter(ServiceInfo::alive);
    if (info.isEmpty()) {
      return Optional.empty();
    }
    try {
      return ServiceToken.read(files.token()).map(t -> new ServiceClient(files, info.get(), t));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The service of {@code home} if it runs: its files name it and it answers {@code /status} to the home's token
   * within {@code timeout}, with the status it gave; empty otherwise (a stale {@code service.json}, even one naming
   * a live process that is not Engram, included).
   */
  public static Optional<Running> running(Path home, Duration timeout) {
    return find(home).flatMap(c -> c.status(timeout).map(s -> new Running(c, s)));
  }

  /**
   * A service that answered.
   *
   * @param client how to talk to it
   * @param status what it said about itself (its own process id among it)
   */
  public record Running(ServiceClient client, ServiceStatus status) {}

  /** Where the service is. */
  public ServiceInfo info() {
    return info;
  }

  /** An answer of the service: HTTP status and body. */
  public record Reply(int status, String body) {
    /** True when the hook was answered (print the body, exit 0). */
    public boolean answered() {
      return status == 200;
    }

    /** True when the service refused the input (print the body on stderr, exit 1). */
    public boolean refused() {
      return status == HookEndpoint.REFUSED;
    }
  }

  /** Forwards a Claude Code hook call, as {@link #hook(HookEvent, HookDialect, String, Optional, Duration)} does. */
  public Optional<Reply> hook(HookEvent event, String body, Optional<Path> project, Duration timeout) {
    return hook(event, HookDialect.CLAUDE_CODE, body, project, timeout);
  }

  /**
   * Forwards a hook call of {@code dialect}'s agent; empty when the service cannot be reached in time (the caller
   * then answers the hook itself). {@code project}, when given, overrides the input's cwd.
   */
  public Optional<Reply> hook(HookEvent event, HookDialect dialect, String body, Optional<Path> project,
      Duration timeout) {
    return call("POST", "/hook/" + event.hookName(), Optional.of(body), project,
        Map.of(AGENT_HEADER, dialect.agent().id()), timeout);
  }

  /** The service's status; empty when it does not answer. */
  public Optional<ServiceStatus> status(Duration timeout) {
    return call("GET", "/status", Optional.empty(), Optional.empty(), timeout).filter(Reply::answered).flatMap(r -> {
      try {
        return Optional.of(ServiceStatus.JSON.readValue(r.body(), ServiceStatus.class));
      } catch (IOException e) {
        return Optional.empty();
      }
    });
  }

  /**
   * Stops the service of {@code home} if one answers: asks it, waits up to 10 s until it no longer answers (it
   * finishes the work it is doing), then signals the process it named as its own, which runs its shutdown (the
   * queue keeps unfinished work), and waits for that process to exit. Returns the status it answered before it
   * stopped (its process id, its version); empty when none answered within {@code wait}.
   */
  public static Optional<ServiceStatus> stopRunning(Path home, Duration wait) throws InterruptedException {
    Optional<Running> running = running(home, wait);
    if (running.isEmpty()) {
      return Optional.empty();
    }
    long pid = running.get().status().pid();
    running.get().client().requestStop(wait);
    java.time.Instant deadline = java.time.Instant.now().plusSeconds(10);
    while (running.get().client().status(wait).isPresent() && java.time.Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    if (pid != ProcessHandle.current().pid()) {
      Optional<ProcessHandle> process = ProcessHandle.of(pid);
      if (running.get().client().status(wait).isPresent()) {
        process.ifPresent(ProcessHandle::destroy);
      }
      // Stopped means gone: the service stops answering before its process has removed its files and exited,
      // and a caller that looks next (a start, a status) must not find it half there.
      long left = Math.max(0, java.time.Duration.between(java.time.Instant.now(), deadline).toMillis());
      process.ifPresent(h -> awaitExit(h, Math.max(left, EXIT_WAIT_MILLIS)));
    }
    return Optional.of(running.get().status());
  }

  private static void awaitExit(ProcessHandle process, long millis) {
    try {
      process.onExit().get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
      // still there: the caller's next look tells a stale service.json from a live service by its process
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Asks the service to stop; true when it said it would. */
  public boolean requestStop(Duration timeout) {
    return call("POST", "/stop", Optional.of(""), Optional.empty(), timeout).map(Reply::answered).orElse(false);
  }

  /**
   * A one-time login link to the web UI showing the project at {@code project}; empty when the service does not
   * answer or refuses.
   */
  public Optional<String> uiLoginUrl(Path project, Duration timeout) {
    String body;
    try {
      body = ServiceStatus.JSON.writeValueAsString(java.util.Map.of("project",
          project.toAbsolutePath().normalize().toString()));
    } catch (IOException e) {
      return Optional.empty();
    }
    return call("POST", io.engram.ui.WebUi.PATH + "login-code", Optional.of(body), Optional.empty(), timeout)
        .filter(Reply::answered).flatMap(r -> {
          try {
            return Optional.ofNullable(ServiceStatus.JSON.readTree(r.body()).path("path").textValue());
          } catch (IOException e) {
            return Optional.empty();
          }
        }).map(path -> info.url() + path);
  }

  /**
   * Queues {@code event}'s work for the service of {@code home} without it running: the next service that
   * starts runs it. For a SessionEnd, whose 1.5 s cannot hold a JVM's work.
   */
  public static void handOver(Path home, HookEvent event, Path project, String body) throws IOException {
    new WorkQueue(ServiceFiles.of(home).create().queue(), Clock.systemUTC())
        .enqueue(event, project.toAbsolutePath().normalize(), body);
  }

  private Optional<Reply> call(String method, String path, Optional<String> body, Optional<Path> project,
      Duration timeout) {
    return call(method, path, body, project, Map.of(), timeout);
  }

  private Optional<Reply> call(String method, String path, Optional<String> body, Optional<Path> project,
      Map<String, String> headers, Duration timeout) {
    try {
      HttpURLConnection c = (HttpURLConnection) new URL(info.url() + path).openConnection(Proxy.NO_PROXY);
      c.setRequestMethod(method);
      c.setConnectTimeout((int) Math.min(timeout.toMillis(), CONNECT_WAIT_MILLIS));
      c.setReadTimeout((int) timeout.toMillis());
      c.setRequestProperty("Authorization", token.bearer());
      project.ifPresent(p -> c.setRequestProperty("Engram-Project", p.toAbsolutePath().normalize().toString()));
      headers.forEach(c::setRequestProperty);
      if (body.isPresent()) {
        byte[] bytes = body.get().getBytes(StandardCharsets.UTF_8);
        c.setDoOutput(true);
        c.setFixedLengthStreamingMode(bytes.length);
        c.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = c.getOutputStream()) {
          out.write(bytes);
        }
      }
      int status = c.getResponseCode();
      InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
      String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      c.disconnect();
      return Optional.of(new Reply(status, text));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The service directory's files, for messages. */
  public Path tokenFile() {
    return files.token();
  }
}
