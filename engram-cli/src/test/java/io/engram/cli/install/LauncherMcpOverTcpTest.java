package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.engram.testing.ChildProcess.Run;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engram mcp} through the launcher under bash: each stdio line is relayed to the service's MCP endpoint
 * (a real HTTP server stands in for it) with the token and the working directory as the project, each request's
 * answer printed as a line, a notification's 202 printed as nothing; with no service the JVM serves; a request
 * the service cannot answer gets a JSON-RPC error with its id.
 */
class LauncherMcpOverTcpTest {
  private static final Path BASH = Path.of("/bin/bash");

  @TempDir Path tmp;
  Path bin;
  Path home;
  Path project;
  Path launcher;
  HttpServer server;
  final List<String> received = new CopyOnWriteArrayList<>();
  volatile int status = 200;
  /** Holds a request whose body asks for it ("hold") unanswered until the test ends (at most a minute). */
  final CountDownLatch released = new CountDownLatch(1);

  @BeforeEach
  void start() throws Exception {
    assumeTrue(Files.isExecutable(BASH), "bash is needed for this path");
    bin = Files.createDirectories(tmp.resolve("fake"));
    home = tmp.resolve("home");
    project = Files.createDirectories(tmp.resolve("project"));
    launcher = tmp.resolve("engram");
    Files.writeString(launcher, LauncherScript.text(tmp.resolve("engram.jar"), Path.of("/nowhere/java"), "dev", BASH));
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho \"java $*\"\ncat\nexit 1\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    server.createContext("/mcp", exchange -> {
      try (exchange) {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(exchange.getRequestHeaders().getFirst("Authorization") + " "
            + exchange.getRequestHeaders().getFirst("Engram-Project") + " " + body);
        if (body.contains("\"hold\"")) {
          waitForRelease();
          return;
        }
        if (body.contains("\"stall\"")) {
          // Says how long its answer is, sends its first bytes and stalls (until the test ends, at most a minute).
          int length = Integer.parseInt(body.replaceAll(".*\"length\":(\\d+).*", "$1"));
          exchange.sendResponseHeaders(200, length);
          OutputStream out = exchange.getResponseBody();
          out.write("{\"jsonrpc\"".getBytes(StandardCharsets.UTF_8));
          out.flush();
          waitForRelease();
          return;
        }
        if (body.contains("\"huge\"")) {
          // Says an answer past the relay's bound is coming, and sends none of it.
          exchange.sendResponseHeaders(200, LauncherMcpRelay.MAX_ANSWER + 1L);
          return;
        }
        if (!body.contains("\"id\"")) {
          exchange.sendResponseHeaders(202, -1);
          return;
        }
        String id = body.replaceAll(".*\"id\":(\\d+).*", "$1");
        byte[] answer = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"echo\":\"Café\"}}")
            .getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer);
        }
      }
    });
    // A thread per request: one held unanswered does not hold the next.
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
    Files.createDirectories(home.resolve("service"));
    Files.writeString(home.resolve("service/mcp.addr"), server.getAddress().getPort() + " Bearer t0ken\n");
  }

  @AfterEach
  void stop() {
    released.countDown();
    if (server != null) {
      server.stop(0);
    }
  }

  private Run mcp(String stdin, String... args) throws Exception {
    return mcp(Map.of(), Duration.ofSeconds(20), stdin, args);
  }

  private Run mcp(Map<String, String> env, Duration wait, String stdin, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(launcher.toString()));
    command.addAll(args.length == 0 ? List.of("mcp") : List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile());
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    pb.environment().put("ENGRAM_HOME", home.toString());
    pb.environment().put("PWD", project.toString());
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.environment().remove("ENGRAM_SERVICE");
    pb.environment().remove("ENGRAM_MCP_ANSWER_SECONDS");
    pb.environment().putAll(env);
    return ChildProcess.run(pb, stdin, wait);
  }

  @Test
  void eachMessageIsRelayedAndEachRequestAnsweredOnItsOwnLine() throws Exception {
    String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"clientInfo\":{\"name\":\"é\"}}}";
    String initialized = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

    Run run = mcp(initialize + "\n" + initialized + "\n" + list + "\n");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"echo\":\"Café\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"echo\":\"Café\"}}\n");
    String who = "Bearer t0ken " + project + " ";
    assertThat(received).containsExactly(who + initialize, who + initialized, who + list);
  }

  @Test
  void theProjectOptionNamesTheProject() throws Exception {
    Path other = Files.createDirectories(tmp.resolve("other"));
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n", "--project", other.toString(), "mcp");
    assertThat(run.out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"echo\":\"Café\"}}\n");
    assertThat(received).singleElement().asString().startsWith("Bearer t0ken " + other + " ");
  }

  @Test
  void aProjectThatNamesNoDirectoryIsLeftToTheJvmToRefuse() throws Exception {
    Path missing = tmp.resolve("no-such-project");
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n", "--project", missing.toString(), "mcp");
    assertThat(run.out()).startsWith("java -jar " + tmp.resolve("engram.jar") + " --project " + missing + " mcp\n");
    assertThat(received).isEmpty();
  }

  @Test
  void withoutAServiceTheJvmServes() throws Exception {
    server.stop(0);
    server = null;
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n");
    assertThat(run.out()).startsWith("java -jar " + tmp.resolve("engram.jar") + " mcp\n")
        .contains("\"method\":\"initialize\"");
  }

  @Test
  void aRequestTheServiceCannotAnswerGetsAnErrorWithItsId() throws Exception {
    status = 500;
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}\n");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,");
  }

  /**
   * A message over the service's bound is not sent (the service would refuse it unread and close the connection):
   * its request gets an error naming the bound, found where the TypeScript SDK puts the id (last, after a params
   * that holds an "id" of its own), and the next message is relayed as ever.
   */
  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aMessageOverTheServicesBoundGetsAnErrorNamingItAndTheSessionGoesOn() throws Exception {
    String big = "{\"method\":\"tools/call\",\"params\":{\"name\":\"remember\",\"arguments\":{\"id\":1,\"body\":\""
        + "x".repeat(LauncherMcpRelay.MAX_MESSAGE) + "\"}},\"jsonrpc\":\"2.0\",\"id\":\"big-8\"}";
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}";

    Run run = mcp(Map.of(), Duration.ofSeconds(90), big + "\n" + ping + "\n");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"big-8\",\"error\":{\"code\":-32600,\"message\":"
        + "\"message longer than 4194304 bytes, the Engram service's bound: not sent\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"echo\":\"Café\"}}\n");
    assertThat(run.err()).contains("longer than 4194304 bytes", "request \"big-8\" got an error");
    assertThat(received).containsExactly("Bearer t0ken " + project + " " + ping);
  }

  /**
   * A service that takes a request and never answers it: past the deadline the request gets an error, stderr says
   * why, and the next message is relayed; nothing waits for the held request (this test cannot hang: the relay,
   * the launcher's run and the test each have a deadline).
   */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aServiceThatDoesNotAnswerInTimeGivesTheRequestAnErrorAndTheSessionGoesOn() throws Exception {
    String held = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"hold\"}}";
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}";

    Run run = mcp(Map.of("ENGRAM_MCP_ANSWER_SECONDS", "1"), Duration.ofSeconds(30), held + "\n" + ping + "\n");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32603,\"message\":"
        + "\"the Engram service did not answer within 1 s; see engram daemon status\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"echo\":\"Café\"}}\n");
    assertThat(run.err()).contains("engram mcp: the Engram service did not answer within 1 s");
    assertThat(run.millis()).as("one deadline, not the held request's minute").isLessThan(25_000);
  }

  /**
   * A service that stalls in the middle of its answer's body holds its request no longer than the deadline, whether
   * the body is read by bash (short) or by head under timeout (long); the request gets an error, the session goes on.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(ints = {200, 200_000})
  void aServiceThatStallsInTheMiddleOfItsAnswerGivesTheRequestAnErrorAtTheDeadline(int length) throws Exception {
    String stalled = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"stall\","
        + "\"length\":" + length + "}}";
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}";

    Run run = mcp(Map.of("ENGRAM_MCP_ANSWER_SECONDS", "1"), Duration.ofSeconds(30), stalled + "\n" + ping + "\n");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,\"message\":"
        + "\"the Engram service's answer was cut short; see engram daemon status\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"echo\":\"Café\"}}\n");
    assertThat(run.millis()).as("one deadline, not the stalled answer's minute").isLessThan(25_000);
  }

  /** An answer over the relay's bound is not read: its request gets an error naming the bound, and the next goes on. */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void anAnswerOverTheRelaysBoundIsNotReadAndItsRequestGetsAnError() throws Exception {
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"huge\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}\n");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":6,\"error\":{\"code\":-32603,\"message\":\"the Engram"
        + " service's answer of " + (LauncherMcpRelay.MAX_ANSWER + 1L) + " bytes is over the relay's bound of "
        + LauncherMcpRelay.MAX_ANSWER + " bytes\"}}\n").endsWith("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"echo\":\"Café\"}}\n");
  }

  /** A notification gets no answer, even when the service fails it; an error names the request's own id. */
  @Test
  void aNotificationTheServiceFailsGetsNoAnswerAndAnErrorNamesTheTopLevelId() throws Exception {
    status = 500;
    Run run = mcp("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"id\":3}}\n"
        + "{\"method\":\"tools/call\",\"params\":{\"arguments\":{\"id\":3}},\"jsonrpc\":\"2.0\",\"id\":4}\n");
    assertThat(run.out()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32603,")
        .hasLineCount(1);
  }

  /** Holds a request unanswered until the test ends (at most a minute), as a wedged service would. */
  private void waitForRelease() {
    try {
      released.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
