package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.engram.cli.CommandRun;
import io.engram.testing.ChildProcess.Run;
import io.engram.service.ServiceClient;
import io.engram.hooks.HookEvent;
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
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installed hook path end to end, in processes of their own: the launcher, the JVM it falls back to, the
 * resident service that JVM starts, a memory another process writes found by the very next hook, a service killed with SIGKILL in the middle of an extraction (its model
 * call hangs on purpose), and the next service, which runs the queued work again: the extraction completes
 * exactly once, nothing is lost and no memory is written twice.
 */
class ServiceThroughLauncherProcessTest {
  @TempDir Path tmp;
  private HttpServer model;
  private final AtomicBoolean armed = new AtomicBoolean();
  private final CountDownLatch hung = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicInteger calls = new AtomicInteger();

  @AfterEach
  void cleanUp() throws Exception {
    release.countDown();
    if (model != null) {
      model.stop(0);
    }
    ServiceClient.find(tmp.resolve("home")).ifPresent(c -> ProcessHandle.of(c.info().pid())
        .ifPresent(ProcessHandle::destroyForcibly));
  }

  /** An OpenAI-compatible model that refuses every call, except that when armed it hangs on the next one. */
  private String startModel() throws IOException {
    model = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    model.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    model.createContext("/v1/chat/completions", exchange -> {
      exchange.getRequestBody().readAllBytes();
      calls.incrementAndGet();
      if (armed.compareAndSet(true, false)) {
        hung.countDown();
        try {
          release.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      byte[] body = "{\"error\":{\"message\":\"this test model answers nothing\"}}".getBytes(StandardCharsets.UTF_8);
      try {
        exchange.sendResponseHeaders(400, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      } catch (IOException gone) {
        // The service that asked was killed.
      }
    });
    model.start();
    return "http://127.0.0.1:" + model.getAddress().getPort() + "/v1";
  }

  private Run engram(Path launcher, Map<String, String> env, String stdin, String... args) throws Exception {
    // Run as installed: by the shell its first line names (bash where there is one, which needs no curl).
    List<String> command = new java.util.ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().clear();
    pb.environment().putAll(env);
    return ChildProcess.run(pb, stdin, Duration.ofSeconds(90));
  }

  @Test
  void aServiceKilledMidExtractionLosesNothingAndTheExtractionHappensExactlyOnce() throws Exception {
    Path home = tmp.resolve("home");
    Path project = Files.createDirectories(tmp.resolve("project"));
    Files.createDirectories(home);
    Files.writeString(home.resolve("settings.json"), "{\"service\":{\"idleSeconds\":300}}");
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path launcher = tmp.resolve("bin/engram");
    Files.createDirectories(launcher.getParent());
    Files.writeString(launcher, LauncherScript.forClassPath(classpath,
        Path.of(System.getProperty("java.home"), "bin", "java"), "test"));
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    // The launcher's own JVMs each run one command: the quick compiler alone starts them on less CPU. The two services
    // they start build their command line themselves, naming no compiler, so the JVM's own JAVA_TOOL_OPTIONS puts
    // them on the quick compiler too, without verifying the class path's classes, as every other JVM the tests start:
    // each lives seconds, too short for the optimising compiler to earn back its threads.
    Map<String, String> env = Map.of("PATH", Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin",
        "HOME", tmp.resolve("user").toString(), "ENGRAM_HOME", home.toString(), "ENGRAM_MODEL", "openai:test-model",
        "OPENAI_BASE_URL", startModel(), "ENGRAM_JAVA_OPTS", "-Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
        "JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UnlockDiagnosticVMOptions -XX:-BytecodeVerificationRemote");
    assertThat(CommandRun.in(home, project, "remember", "--type", "project", "--name", "deploy-window",
        "Deploys to production happen on Tuesday mornings only").exitCode()).isZero();

    // No service yet: the JVM answers and starts one for the next call.
    Run start = engram(launcher, env, "{\"session_id\":\"s1\",\"cwd\":\"" + project + "\",\"source\":\"startup\"}",
        "hook", "SessionStart");
    assertThat(start.exit()).as(start.err()).isZero();
    assertThat(start.out()).contains("deploy-window");
    long firstPid = waitForService(home);
    // The service loads the embedding model in the background (recall answers with keywords until then), and its
    // first recall with vectors embeds the store, which on a loaded machine can take longer than a hook waits: it
    // is asked directly, with time to finish, until it answers with vectors, as a service runs for hours.
    ServiceClient warm = ServiceClient.find(home).orElseThrow();
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    String retrieval = "";
    for (int i = 0; !retrieval.contains("bm25 + vectors") && System.nanoTime() < deadline; i++) {
      var first = warm.hook(HookEvent.USER_PROMPT_SUBMIT, "{\"session_id\":\"warm-up-" + i + "\",\"cwd\":\""
          + project + "\",\"prompt\":\"deploys\"}", java.util.Optional.empty(), Duration.ofMinutes(2));
      assertThat(first).as("the first recall of the service").hasValueSatisfying(r -> assertThat(r.answered()).isTrue());
      retrieval = first.get().body();
      Thread.sleep(retrieval.contains("bm25 + vectors") ? 0 : 200);
    }

    // Answered by the service (only it recalls with vectors in a hook).
    Run ask = engram(launcher, env, "{\"session_id\":\"s1\",\"cwd\":\"" + project + "\",\"prompt\":\"when can we"
        + " ship to production?\"}", "hook", "UserPromptSubmit");
    assertThat(ask.exit()).as(ask.err()).isZero();
    assertThat(ask.out()).contains("deploy-window", "bm25 + vectors");

    // Another process writes the store while the service keeps the project's index open: the very next hook
    // call finds the new memory.
    assertThat(CommandRun.in(home, project, "remember", "--type", "project", "--name", "release-freeze",
        "No production releases during the December freeze").exitCode()).isZero();
    Run next = engram(launcher, env, "{\"session_id\":\"s2\",\"cwd\":\"" + project + "\",\"prompt\":\"is there a"
        + " release freeze in December?\"}", "hook", "UserPromptSubmit");
    assertThat(next.exit()).as(next.err()).isZero();
    assertThat(next.out()).contains("release-freeze");

    Path transcript = project.resolve("s1.jsonl");
    Files.writeString(transcript, line("u1", "user", "The tests need Redis running on localhost:6379.")
        + line("a1", "assistant", "Understood, I will start Redis before the tests."));
    String stopInput = "{\"session_id\":\"s1\",\"transcript_path\":\"" + transcript + "\",\"cwd\":\"" + project + "\"}";
    armed.set(true);
    Run stop = engram(launcher, env, stopInput, "hook", "Stop");
    assertThat(stop.exit()).as(stop.err()).isZero();
    assertThat(stop.out()).isEmpty();

    // The extraction's model call hangs: kill the service there.
    assertThat(hung.await(60, TimeUnit.SECONDS)).as("the service asked the model").isTrue();
    assertThat(queued(home)).hasSize(1);
    ProcessHandle service = ProcessHandle.of(firstPid).orElseThrow();
    service.destroyForcibly();
    service.onExit().get(30, TimeUnit.SECONDS);
    assertThat(memoryFiles(home, "tests-need-redis")).isEmpty();
    assertThat(queued(home)).hasSize(1);

    // The next service runs the queued work again; the model refuses now, so the offline rules extract.
    Run restart = engram(launcher, env, "", "daemon", "start");
    assertThat(restart.exit()).as(restart.err()).isZero();
    waitUntil(() -> queued(home).isEmpty());
    assertThat(memoryFiles(home, "tests-need-redis")).hasSize(1);
    assertThat(new ObjectMapper().readTree(home.resolve("sessions/s1/session.json").toFile())
        .path("extraction").get("processedMessages").asInt()).isEqualTo(2);

    // A later Stop finds nothing new: still one memory.
    assertThat(engram(launcher, env, stopInput, "hook", "Stop").exit()).isZero();
    waitUntil(() -> queued(home).isEmpty());
    assertThat(memoryFiles(home, "tests-need-redis")).hasSize(1);
    assertThat(Files.readString(home.resolve("service/service.log"))).contains("resuming Stop");

    Run down = engram(launcher, env, "", "daemon", "stop");
    assertThat(down.exit()).isZero();
    assertThat(ServiceClient.find(home)).isEmpty();
  }

  private static String line(String uuid, String role, String text) {
    return "{\"type\":\"" + role + "\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"s1\",\"message\":{\"role\":\"" + role
        + "\",\"content\":\"" + text + "\"}}\n";
  }

  private static long waitForService(Path home) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      var client = ServiceClient.find(home).filter(c -> c.status(Duration.ofSeconds(5)).isPresent());
      if (client.isPresent()) {
        return client.get().info().pid();
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no service came up for " + home);
  }

  private static void waitUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!done.getAsBoolean()) {
      assertThat(System.nanoTime()).as("timed out").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private static List<Path> queued(Path home) {
    try (Stream<Path> files = Files.list(home.resolve("service/queue"))) {
      return files.filter(f -> f.toString().endsWith(".json")).toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static List<Path> memoryFiles(Path home, String prefix) throws IOException {
    try (Stream<Path> files = Files.walk(home.resolve("projects"))) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.toString().endsWith(".md")
          && !f.toString().contains(".trash")).toList();
    }
  }
}
