package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.engram.testing.ChildProcess.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's hook path under bash, which sends the hook to the service over {@code /dev/tcp} itself (no curl,
 * no process): against a real HTTP server standing in for the service, with stand-ins for curl and java that
 * say when they are run. The body arrives byte for byte whatever the locale, the answer is printed as it came,
 * a refusal is one line and exit 1, a time-out exit 1 without a JVM, and a service that is not there hands over
 * to curl and then the JVM; never exit 2.
 */
class LauncherOverTcpTest {
  private static final Path BASH = Path.of("/bin/bash");

  @TempDir Path tmp;
  Path bin;
  Path home;
  Path launcher;
  HttpServer server;
  final List<String> received = new CopyOnWriteArrayList<>();
  final List<String> agents = new CopyOnWriteArrayList<>();
  volatile int status = 200;
  volatile String answer = "";
  volatile long delayMillis;
  String javaExit = "0";

  @BeforeEach
  void start() throws Exception {
    assumeTrue(Files.isExecutable(BASH), "bash is needed for this path");
    bin = Files.createDirectories(tmp.resolve("fake"));
    home = tmp.resolve("home");
    launcher = tmp.resolve("engram");
    Files.writeString(launcher, LauncherScript.text(tmp.resolve("engram.jar"), Path.of("/nowhere/java"), "dev", BASH));
    script("java", "read -r line; echo \"java $* <$line>\"; exit ${JAVA_EXIT:-0}");
    script("curl", "cat >/dev/null; echo curl ran >&2; printf 'from curl200'");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    server.createContext("/", exchange -> {
      try (exchange) {
        agents.add(String.valueOf(exchange.getRequestHeaders().getFirst("Engram-Agent")));
        received.add(exchange.getRequestURI().getPath() + " " + exchange.getRequestHeaders().getFirst("Authorization")
            + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        sleep(delayMillis);
        byte[] body = answer.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        }
      }
    });
    server.start();
    Files.createDirectories(home.resolve("service"));
    address(server.getAddress().getPort(), 5);
    Files.writeString(home.resolve("service/hook-UserPromptSubmit.curl"), "url = \"http://127.0.0.1:1/\"\n");
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  private void address(int port, int seconds) throws Exception {
    Files.writeString(home.resolve("service/hook-UserPromptSubmit.addr"), port + " " + seconds + " Bearer t0ken\n");
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void script(String name, String body) throws Exception {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private Run hook(String stdin, String locale) throws Exception {
    return hook(stdin, locale, "hook", "UserPromptSubmit");
  }

  private Run hook(String stdin, String locale, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    pb.environment().put("ENGRAM_HOME", home.toString());
    pb.environment().put("LC_ALL", locale);
    pb.environment().put("JAVA_EXIT", javaExit);
    pb.environment().remove("ENGRAM_SERVICE");
    return ChildProcess.run(pb, stdin, Duration.ofSeconds(20));
  }

  @Test
  void theHookGoesOverTcpWithItsBytesIntactAndTheAnswerIsPrintedAsItCame() throws Exception {
    answer = "{\"hookSpecificOutput\":{\"additionalContext\":\"Café 100% \\\\n ünïcode\"}}";
    String input = "{\"session_id\":\"s\",\"prompt\":\"Café, naïve % \\\\ \\\"quoted\\\" 日本\"}";
    for (String locale : List.of("C.UTF-8", "C")) {
      received.clear();
      Run run = hook(input, locale);
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).isEqualTo(answer + "\n");
      assertThat(run.err()).doesNotContain("curl ran");
      assertThat(received).containsExactly("/hook/UserPromptSubmit Bearer t0ken " + input);
    }
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource({
      "hook --agent gemini BeforeAgent, gemini",
      "hook --agent=gemini BeforeAgent, gemini",
      "hook --agent cursor beforeSubmitPrompt, cursor",
      "hook --agent codex UserPromptSubmit, codex",
  })
  void anAgentsOwnNameForTheEventGoesToTheServiceAsClaudeCodesWithTheAgentNamed(String args, String agent)
      throws Exception {
    answer = "{}";
    Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8", args.split(" "));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("{}\n");
    assertThat(received).containsExactly("/hook/UserPromptSubmit Bearer t0ken {\"session_id\":\"s\"}");
    assertThat(agents).containsExactly(agent);
  }

  @Test
  void aLongAnswerArrivesWhole() throws Exception {
    answer = "{\"hookSpecificOutput\":{\"additionalContext\":\"" + "é memory line\\n".repeat(700) + "\"}}";
    Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(run.out()).isEqualTo(answer + "\n");
  }

  @Test
  void anEmptyAnswerPrintsNothingAndARefusalIsOneLineWithExitOne() throws Exception {
    Run empty = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(empty.exit()).isZero();
    assertThat(empty.out()).isEmpty();
    status = 422;
    answer = "hook input lacks \"session_id\"";
    Run refused = hook("{}", "C.UTF-8");
    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.out()).isEmpty();
    assertThat(refused.err()).isEqualTo("engram hook UserPromptSubmit: hook input lacks \"session_id\"\n");
  }

  @Test
  void aServiceTooSlowToAnswerFailsTheHookWithoutAJvmOrASecondCall() throws Exception {
    address(server.getAddress().getPort(), 1);
    delayMillis = 2_500;
    Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("did not answer in time").doesNotContain("curl ran");
    assertThat(received).hasSize(1);
  }

  @Test
  void aStopOrSessionEndTheServiceIsSlowToAcknowledgeExitsZeroQuietlyWithoutAJvmOrASecondCall() throws Exception {
    // The service queues these and answers once queued; a service just started took longer than the wait to say so.
    delayMillis = 2_500;
    for (String event : List.of("SessionEnd", "Stop")) {
      received.clear();
      Files.writeString(home.resolve("service/hook-" + event + ".addr"),
          server.getAddress().getPort() + " 1 Bearer t0ken\n");
      Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8", "hook", event);
      assertThat(run.exit()).as(event).isZero();
      assertThat(run.out()).as(event).isEmpty();
      assertThat(run.err()).as(event).isEmpty();
      // The server answers one call at a time: the call arrives once it has done sleeping over the one before.
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (received.isEmpty() && System.nanoTime() < deadline) {
        sleep(20);
      }
      assertThat(received).as(event).containsExactly("/hook/" + event + " Bearer t0ken {\"session_id\":\"s\"}");
    }
  }

  @Test
  void anAnswerCutShortFailsTheHookWithoutAJvmRatherThanPrintAPart() throws Exception {
    // A service that says 200 and closes the connection before the whole body: it took the call, so no JVM does it
    // again, and half an answer is not printed as if it were one.
    try (java.net.ServerSocket raw = new java.net.ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread serving = new Thread(() -> {
        try (java.net.Socket s = raw.accept()) {
          StringBuilder request = new StringBuilder(); // read whole, so that the launcher's write is not refused
          byte[] buffer = new byte[8192];
          for (int n; !request.toString().endsWith("}") && (n = s.getInputStream().read(buffer)) > 0; ) {
            request.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
          }
          s.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 40\r\n"
              + "\r\n{\"hookSpecificOutput\":").getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
          // the launcher's side shows what happened
        }
      });
      serving.start();
      address(raw.getLocalPort(), 5);

      Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8");
      serving.join();

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.out()).isEmpty();
      assertThat(run.err()).contains("cut short").doesNotContain("curl ran").doesNotContain("java");
    }
  }

  @Test
  void anErrorStatusGoesToTheJvmWithTheSameInputAndItsFailureIsExitOneNeverTwo() throws Exception {
    status = 500;
    answer = "internal error";
    Run run = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("java -jar " + tmp.resolve("engram.jar") + " hook UserPromptSubmit <{\"session_id\":\"s\"}>\n");
    assertThat(run.err()).doesNotContain("curl ran");
    javaExit = "2";
    assertThat(hook("{\"session_id\":\"s\"}", "C.UTF-8").exit()).isEqualTo(1);
  }

  @Test
  void aServiceThatRefusesABodyTooLargeUnreadGoesToTheJvmRatherThanKillTheShell() throws Exception {
    // As the service's body bound does: the head read, 413 sent, the connection closed with the body unread.
    try (java.net.ServerSocket refusing = new java.net.ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread t = new Thread(() -> {
        try (java.net.Socket s = refusing.accept()) {
          s.getInputStream().readNBytes(200);
          s.getOutputStream().write("HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
          // The launcher went away: the assertions say what it did.
        }
      });
      t.start();
      address(refusing.getLocalPort(), 5);
      script("curl", "cat >/dev/null; printf '413'");
      // The shell's read builtin takes a line a byte at a time: 8 MiB of it outlasted the run's wait on a loaded machine.
      script("java", "cat >/dev/null; echo \"java $*\"");
      Run run = hook("{\"session_id\":\"s\",\"prompt\":\"" + "x".repeat(8 << 20) + "\"}", "C.UTF-8");
      t.join(10_000);
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).startsWith("java -jar ");
    }
  }

  @Test
  void whenNothingListensCurlIsTriedThenTheJvm() throws Exception {
    server.stop(0);
    server = null;
    Run viaCurl = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(viaCurl.exit()).isZero();
    assertThat(viaCurl.out()).isEqualTo("from curl\n");
    script("curl", "cat >/dev/null; printf '000'; exit 7");
    Run viaJvm = hook("{\"session_id\":\"s\"}", "C.UTF-8");
    assertThat(viaJvm.out()).startsWith("java -jar ");
  }
}
