package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import io.engram.notes.NotesStore;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resident service in this JVM: its token, its single instance per home, its idle exit, its hooks. */
class EngramServiceTest {
  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path user;
  private final List<String> log = new ArrayList<>();
  private EngramService service;

  private EngramService start(String settings) throws Exception {
    Files.writeString(home.resolve("settings.json"), settings);
    service = EngramService.start(home, user, Map.of(), "test", line -> {
      synchronized (log) {
        log.add(line);
      }
    });
    return service;
  }

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  private static int status(String url, Optional<String> authorization) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    authorization.ifPresent(a -> c.setRequestProperty("Authorization", a));
    int code = c.getResponseCode();
    c.disconnect();
    return code;
  }

  @Test
  void callersWithoutTheTokenAreRefusedAndTheTokenFileIsPrivate() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    String url = service.info().url() + "/status";
    String token = Files.readString(home.resolve("service/token")).strip();
    assertThat(token).matches("[0-9a-f]{64}");
    assertThat(Files.getPosixFilePermissions(home.resolve("service/token")))
        .containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
            java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    assertThat(status(url, Optional.empty())).isEqualTo(401);
    assertThat(status(url, Optional.of("Bearer " + "0".repeat(64)))).isEqualTo(401);
    assertThat(status(url, Optional.of(token))).isEqualTo(401);
    assertThat(status(url, Optional.of("Bearer " + token))).isEqualTo(200);
    assertThat(service.info().host()).isEqualTo("127.0.0.1");
    assertThat(Files.readString(home.resolve("service/hook-Stop.curl"))).contains("Bearer " + token, "/hook/Stop");
  }

  @Test
  void oneServicePerHomeAndAStaleAddressFileIsNotTakenForAService() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    assertThatThrownBy(() -> EngramService.start(home, user, Map.of(), "test", l -> { }))
        .isInstanceOf(EngramService.AlreadyRunning.class).hasMessageContaining("pid " + ProcessHandle.current().pid());
    assertThat(ServiceClient.find(home)).isPresent();
    service.close();
    assertThat(ServiceClient.find(home)).isEmpty();
    assertThat(home.resolve("service/hook-UserPromptSubmit.curl")).doesNotExist();
    // A service killed with -9 leaves its address behind; a dead pid makes it stale.
    Process dead = new ProcessBuilder("true").start();
    assertThat(dead.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    new ServiceInfo(dead.pid(), "127.0.0.1", 1, java.time.Instant.now(), "old").write(home.resolve("service/service.json"));
    assertThat(ServiceClient.find(home)).isEmpty();
    service = EngramService.start(home, user, Map.of(), "test", l -> { });
    assertThat(ServiceClient.find(home).map(c -> c.info().pid())).contains(ProcessHandle.current().pid());
  }

  @Test
  void itStopsAfterItsIdleTime() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"},\"service\":{\"idleSeconds\":1}}");
    CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
      try {
        service.awaitStop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    stopped.get(10, TimeUnit.SECONDS);
    assertThat(log).anyMatch(l -> l.contains("no request for 1 s"));
    assertThat(home.resolve("service/service.json")).doesNotExist();
  }

  @Test
  void itStopsWhenItsHomeIsRemovedInsteadOfWaitingOutItsIdleTime() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"},\"service\":{\"idleSeconds\":3600}}");
    try (var files = Files.walk(home.resolve("service"))) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
    CompletableFuture.runAsync(() -> {
      try {
        service.awaitStop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }).get(10, TimeUnit.SECONDS);
    assertThat(log).anyMatch(l -> l.contains("is gone or names another service"));
  }

  @Test
  void hooksAreAnsweredAndAfterTurnWorkIsQueuedUntilDone() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    ServiceClient client = ServiceClient.find(home).orElseThrow();
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s1\",\"message\":{\"role\":\"user\","
        + "\"content\":\"The tests need Redis running on localhost:6379.\"}}\n");
    String stop = "{\"session_id\":\"s1\",\"transcript_path\":\"" + t + "\",\"cwd\":\"" + project + "\"}";
    assertThat(client.hook(HookEvent.STOP, stop, Optional.empty(), Duration.ofSeconds(10)))
        .hasValueSatisfying(r -> assertThat(r.status()).isEqualTo(200));
    waitUntil(() -> queueFiles().isEmpty() && log.stream().anyMatch(l -> l.contains("remembered")));
    ServiceClient.Reply ask = client.hook(HookEvent.USER_PROMPT_SUBMIT, "{\"session_id\":\"s2\",\"cwd\":\"" + project
        + "\",\"prompt\":\"what do the tests need?\"}", Optional.empty(), Duration.ofSeconds(10)).orElseThrow();
    assertThat(ask.status()).isEqualTo(200);
    assertThat(ask.body()).contains("hookSpecificOutput", "tests-need-redis");
    ServiceClient.Reply bad = client.hook(HookEvent.STOP, "{\"cwd\":\"/x\"}", Optional.empty(), Duration.ofSeconds(10))
        .orElseThrow();
    assertThat(bad.refused()).isTrue();
    assertThat(bad.body()).contains("session_id");
    // A cwd that does not exist is refused as the hook's own JVM refuses it (HookCommandTest): same message.
    ServiceClient.Reply missing = client.hook(HookEvent.USER_PROMPT_SUBMIT, "{\"session_id\":\"s3\",\"cwd\":\""
        + project.resolve("gone") + "\",\"prompt\":\"hi\"}", Optional.empty(), Duration.ofSeconds(10)).orElseThrow();
    assertThat(missing.refused()).isTrue();
    assertThat(missing.body()).isEqualTo("hook input \"cwd\" " + project.resolve("gone")
        + " is not an existing directory; no memory store opened");
    assertThat(client.status(Duration.ofSeconds(5)).orElseThrow().projects())
        .extracting(ServiceStatus.Project::dir).contains(project.toAbsolutePath().normalize().toString());
  }

  @Test
  void anotherAgentsCallIsAnsweredInItsOwnShapeAndAnAgentEngramDoesNotKnowIsRefused() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    ServiceClient client = ServiceClient.find(home).orElseThrow();

    ServiceClient.Reply gemini = client.hook(HookEvent.STOP, HookDialect.GEMINI, "{\"session_id\":\"g1\","
        + "\"transcript_path\":\"\",\"cwd\":\"" + project + "\",\"hook_event_name\":\"AfterAgent\"}",
        Optional.empty(), Duration.ofSeconds(10)).orElseThrow();
    ServiceClient.Reply cursor = client.hook(HookEvent.USER_PROMPT_SUBMIT, HookDialect.CURSOR,
        "{\"conversation_id\":\"c1\",\"workspace_roots\":[\"" + project + "\"],\"prompt\":\"hi\"}", Optional.empty(),
        Duration.ofSeconds(10)).orElseThrow();
    java.net.http.HttpResponse<String> unknown = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(client.info().url() + "/hook/Stop"))
            .header("Authorization", "Bearer " + Files.readString(home.resolve("service/token")).strip())
            .header(ServiceClient.AGENT_HEADER, "copilot")
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"session_id\":\"x\"}")).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());

    assertThat(gemini.status()).isEqualTo(200);
    assertThat(gemini.body()).isEqualTo("{}");
    assertThat(cursor.status()).isEqualTo(200);
    assertThat(cursor.body()).isEqualTo("{\"continue\":true}");
    assertThat(unknown.statusCode()).isEqualTo(HookEndpoint.REFUSED);
    assertThat(unknown.body()).contains("unknown agent 'copilot'");
  }

  @Test
  void preCompactAnswersOnceTheNotesAreHandedOver() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s4\",\"message\":{\"role\":\"user\","
        + "\"content\":\"The Redis flake in CacheTest is back, please look.\"}}\n");
    ServiceClient.Reply pre = ServiceClient.find(home).orElseThrow().hook(HookEvent.PRE_COMPACT,
        "{\"session_id\":\"s4\",\"transcript_path\":\"" + t + "\",\"cwd\":\"" + project + "\"}", Optional.empty(),
        Duration.ofSeconds(30)).orElseThrow();
    assertThat(pre.status()).isEqualTo(200);
    assertThat(new NotesStore(home).notesFile("s4")).isRegularFile();
  }

  @Test
  void workLeftInTheQueueByAnEarlierServiceIsRunAtStart() throws Exception {
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s5\",\"message\":{\"role\":\"user\","
        + "\"content\":\"We use pnpm, not npm.\"}}\n");
    ServiceClient.handOver(home, HookEvent.SESSION_END, project,
        "{\"session_id\":\"s5\",\"transcript_path\":\"" + t + "\",\"cwd\":\"" + project + "\"}");
    assertThat(queueFiles()).hasSize(1);
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    waitUntil(() -> queueFiles().isEmpty() && log.stream().anyMatch(l -> l.contains("dream not due")));
    assertThat(log).anyMatch(l -> l.contains("resuming SessionEnd")).anyMatch(l -> l.contains("package-manager-pnpm"));
  }

  @Test
  void sessionEndIsAnsweredWhileItsExtractionAndDreamWaitInTheServiceAndNothingIsLost() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    Path t = project.resolve("t.jsonl");
    Files.writeString(t, "{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s6\",\"message\":{\"role\":\"user\","
        + "\"content\":\"We use pnpm, not npm.\"}}\n");
    Path memoryDir = io.engram.memory.MemoryStores.locate(new io.engram.config.EngramRoots(home, user, project),
        io.engram.config.EngramSettings.DEFAULTS).projectDir();
    ServiceClient.Reply end;
    // The store's lock held here: the work cannot finish, yet Claude Code's 1.5 s are not spent on it.
    try (io.engram.fs.FileLock held = io.engram.fs.FileLock.acquire(
        io.engram.memory.MemoryStores.lockFile(Files.createDirectories(memoryDir)))) {
      end = ServiceClient.find(home).orElseThrow().hook(HookEvent.SESSION_END,
          "{\"session_id\":\"s6\",\"transcript_path\":\"" + t + "\",\"cwd\":\"" + project + "\"}", Optional.empty(),
          Duration.ofMillis(1_500)).orElseThrow();
      assertThat(end.status()).isEqualTo(200);
      assertThat(queueFiles()).hasSize(1);
    }
    waitUntil(() -> queueFiles().isEmpty() && log.stream().anyMatch(l -> l.contains("dream not due")));
    assertThat(log).anyMatch(l -> l.contains("package-manager-pnpm"));
  }

  private List<Path> queueFiles() {
    try (var files = Files.list(home.resolve("service/queue"))) {
      return files.filter(f -> f.toString().endsWith(".json")).toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private void waitUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out; service log: " + String.join("\n", log));
      }
      Thread.sleep(20);
    }
  }

  @Test
  void idleSlowAndHugeRequestsHoldUpNeitherAHookNorTheUi() throws Exception {
    start("{\"recall\":{\"vectors\":\"NEVER\"}}");
    java.net.InetSocketAddress at = new java.net.InetSocketAddress("127.0.0.1", service.info().port());
    ServiceClient client = ServiceClient.find(home).orElseThrow();
    String prompt = "{\"session_id\":\"s9\",\"cwd\":\"" + project + "\",\"prompt\":\"what do the tests need?\"}";
    // The first call opens the project's store and index; the one timed below is a hook as every later turn's.
    assertThat(client.hook(HookEvent.USER_PROMPT_SUBMIT, prompt, Optional.empty(), Duration.ofSeconds(30))
        .orElseThrow().status()).isEqualTo(200);
    List<java.net.Socket> idle = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) { // four connections without a token that never send a byte
        java.net.Socket s = new java.net.Socket();
        s.connect(at, 2_000);
        idle.add(s);
      }
      java.net.Socket loris = new java.net.Socket(); // a head that trickles in
      loris.connect(at, 2_000);
      loris.getOutputStream().write("POST /hook/UserPromptSubmit HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes());
      idle.add(loris);
      CompletableFuture<Long> huge = CompletableFuture.supplyAsync(() -> hugePost(at));
      long t0 = System.nanoTime();
      assertThat(client.hook(HookEvent.USER_PROMPT_SUBMIT, prompt, Optional.empty(), Duration.ofSeconds(8))
          .orElseThrow().status()).isEqualTo(200);
      assertThat(status(service.info().url() + "/ui/", Optional.empty())).as("the UI answers (its page)")
          .isEqualTo(200);
      assertThat((System.nanoTime() - t0) / 1_000_000).as("ms for a hook and a page beside them").isLessThan(3_000);
      assertThat(huge.get(30, TimeUnit.SECONDS)).as("bytes of a 400 MiB body let in").isLessThan(64L << 20);
      assertThat(client.status(Duration.ofSeconds(5))).isPresent();
    } finally {
      for (java.net.Socket s : idle) {
        s.close();
      }
    }
  }

  // Sends a 400 MiB hook body with the token; returns how many bytes went out before the service closed.
  private long hugePost(java.net.InetSocketAddress at) {
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(at, 2_000);
      String token = Files.readString(home.resolve("service/token")).strip();
      s.getOutputStream().write(("POST /hook/Stop HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
          + "\r\nContent-Length: " + (400L << 20) + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
      byte[] chunk = new byte[1 << 16];
      long sent = 0;
      try {
        while (sent < (400L << 20)) {
          s.getOutputStream().write(chunk);
          sent += chunk.length;
        }
      } catch (IOException closed) {
        // refused early
      }
      return sent;
    } catch (IOException e) {
      return 0;
    }
  }

  @Test
  void aServiceFileNamingALiveProcessThatIsNotEngramIsStaleAndANewServiceStarts() throws Exception {
    Files.createDirectories(home.resolve("service"));
    Process other = new ProcessBuilder("sleep", "60").start();
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      // A live process and a port where something listens that is not Engram: neither proves a service.
      new ServiceInfo(other.pid(), "127.0.0.1", taken.getLocalPort(), java.time.Instant.now(), "old")
          .write(home.resolve("service/service.json"));
      byte[] token = new byte[32];
      new java.security.SecureRandom().nextBytes(token);
      Files.writeString(home.resolve("service/token"), java.util.HexFormat.of().formatHex(token));
      assertThat(ServiceClient.find(home)).as("the file names a live process").isPresent();
      assertThat(ServiceClient.running(home, Duration.ofMillis(500))).as("but nothing answers as Engram").isEmpty();
      start("{\"recall\":{\"vectors\":\"NEVER\"}}");
      assertThat(ServiceClient.running(home, Duration.ofSeconds(5)).map(r -> r.status().pid()))
          .contains(ProcessHandle.current().pid());
    } finally {
      other.destroy();
    }
  }
}
