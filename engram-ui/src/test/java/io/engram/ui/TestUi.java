package io.engram.ui;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.UiSettings;
import io.engram.http.EngramHttpServer;
import io.engram.model.CostGovernor;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryWriteListener;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The UI on a loopback port of its own over a temporary home, with keyword recall in memory (what needs no
 * other module), a clock the test moves, and an HTTP client that keeps no cookies.
 */
final class TestUi implements AutoCloseable {
  static final String SERVICE_TOKEN = "Bearer the-service-token";

  final Path home;
  final Path project;
  final MovableClock clock = new MovableClock();
  final List<String> log = new ArrayList<>();
  final WebUi ui;
  private final EngramHttpServer server;
  private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(5)).build();

  TestUi(Path dir) throws IOException {
    this.home = Files.createDirectories(dir.resolve("home"));
    this.project = Files.createDirectories(dir.resolve("project"));
    Files.createDirectories(dir.resolve("user"));
    EngramRoots roots = new EngramRoots(home, dir.resolve("user"), project);
    UiProject.Opener opener = projectDir -> new UiProject() {
      private final Engram engram = Engram.builder(roots).writes(MemoryWriteListener.NONE).build();

      @Override
      public Engram engram() {
        return engram;
      }

      @Override
      public CostGovernor usage() {
        return new CostGovernor(home, EngramSettings.DEFAULTS.governor(), clock);
      }

      @Override
      public MemoryRecall search(int results) {
        return new MemoryRecall(engram.memory(), home, EngramSettings.DEFAULTS.recall().withFilesPerTurn(results),
            MemoryRecall.Backend.keywordInMemory(), Clock.systemUTC()).recordingUseOn(task -> { });
      }
    };
    ui = new WebUi(opener, SERVICE_TOKEN::equals, UiSettings.DEFAULTS, clock, log::add);
    server = EngramHttpServer.builder().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .route(WebUi.PATH + "*", UiSettings.DEFAULTS.maxRequestBytes(), ui).start();
  }

  ProjectMemory memory() throws IOException {
    return MemoryStores.open(new EngramRoots(home, home.resolveSibling("user"), project), EngramSettings.DEFAULTS);
  }

  void remember(Memory m) throws IOException {
    memory().write(m);
  }

  int port() {
    return server.address().getPort();
  }

  String base() {
    return "http://127.0.0.1:" + port();
  }

  /** Logs in as the page does: the code of a fresh login path traded with {@code POST /ui/login}. */
  Session login() throws IOException, InterruptedException {
    HttpResponse<String> r = post("/ui/login", "{\"code\":\"" + WebUi.loginCode(ui.loginPath(project)) + "\"}", List.of());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("login refused: " + r.body());
    }
    return new Session(UiExchange.JSON.readTree(r.body()).get("session").asText());
  }

  /** A logged-in session: the token the page sends in {@link WebUi#SESSION_HEADER}. */
  record Session(String token) {}

  /** A GET with the session's token, when given, in its header. */
  HttpResponse<String> get(String path, Optional<Session> session) throws IOException, InterruptedException {
    return get(path, session.map(s -> List.of(WebUi.SESSION_HEADER, s.token())).orElse(List.of()));
  }

  HttpResponse<String> get(String path, List<String> headers) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + path)).GET();
    for (int i = 0; i < headers.size(); i += 2) {
      b.header(headers.get(i), headers.get(i + 1));
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, String json, List<String> headers) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + path))
        .POST(HttpRequest.BodyPublishers.ofString(json)).header("Content-Type", "application/json");
    for (int i = 0; i < headers.size(); i += 2) {
      b.header(headers.get(i), headers.get(i + 1));
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A change as the page makes it: the session's header, JSON. */
  HttpResponse<String> change(Session s, String path, String json) throws IOException, InterruptedException {
    return post(path, json, List.of(WebUi.SESSION_HEADER, s.token()));
  }

  @Override
  public void close() {
    server.close();
  }

  /** A clock the test moves forward. */
  static final class MovableClock extends Clock {
    private volatile Instant now = Instant.parse("2026-12-01T10:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
