package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.OriginPolicy;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryType;
import io.engram.testing.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the server with the official MCP TypeScript SDK client ({@code src/test/node/client.mjs}) over
 * stdio and streamable HTTP. Under {@code CI=true} a missing node or {@code node_modules} fails the test
 * ({@code .ci/setup} installs them); outside CI it is skipped with a message saying how to enable it.
 */
class McpNodeClientTest {
  private static final int SEEDED = TestServerMain.SEEDED;
  private static final Path NODE_DIR = NodeClients.DIR;
  /** How long one client run may take in all (a compaction of the long session included). */
  private static final int CLIENT_SECONDS = 120;
  private static String node;

  @TempDir Path home;
  @TempDir Path project;

  @BeforeAll
  static void findNode() {
    node = NodeClients.node("node_modules/@modelcontextprotocol/sdk");
  }

  @Test
  void officialClientUsesEveryToolAndAResourceOverStdio() throws Exception {
    Path transcript = seed();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> args = new ArrayList<>(List.of("stdio", transcript.toString()));
    args.addAll(ChildProcess.quickJvm("-cp", classpath, TestServerMain.class.getName(), home.toString(),
        project.toString()));
    JsonNode report = run(args);
    assertScenario(report);
  }

  /**
   * The scenario over streamable HTTP; then a write by another surface of the server's process (the resident
   * service's hooks build an Engram of their own on the same change events) reaches a subscribed client through the
   * store's change events, with no tool call and long before the periodic check for other processes' changes, set
   * here to ten minutes.
   */
  @Test
  void officialClientWorksOverStreamableHttpAndIsToldOfAnotherSurfacesWritesAtOnce() throws Exception {
    Path transcript = seed();
    McpSettings d = McpSettings.DEFAULTS;
    McpSettings rarely = d.with("changeCheckMillis", 600_000);
    Engram engram = TestServerMain.engram(home, project);
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram, new EngramMcpServer.HttpOptions(
        new InetSocketAddress("127.0.0.1", 0), BearerToken.of(TestServerMain.TOKEN, d.minTokenBits()),
        OriginPolicy.loopbackAnd(List.of()), HttpSettings.DEFAULTS, rarely), "test", line -> { })) {
      String url = "http://127.0.0.1:" + server.address().getPort() + server.endpoint();
      JsonNode report = run(List.of("http", transcript.toString(), url, TestServerMain.TOKEN));
      assertScenario(report);
      assertThat(report.get("wrongTokenStatus").asInt()).isEqualTo(401);
      assertThat(report.get("wrongToken").asText()).contains("unauthorized");
      assertThat(report.get("noToken").asText()).contains("unauthorized");

      Engram hooks = Engram.builder(EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(),
          home.resolve("user-home"))).changes(engram.changes()).build();
      JsonNode changes = run("changes.mjs", List.of(url, TestServerMain.TOKEN, "seeded-07"), () -> {
        hooks.memory().write(Memory.of("deploy-needs-vpn", MemoryType.PROJECT, "deploying needs the VPN",
            "Connect the VPN before make deploy."), ChangedBy.EXTRACTION);
        hooks.memory().write(Memory.of("seeded-07", MemoryType.REFERENCE, "seeded reference 7",
            "Dashboard 7 moved to https://dash.example.com/seven."), ChangedBy.EXTRACTION);
      });
      List<String> told = new ArrayList<>();
      changes.get("notifications").forEach(n -> told.add(n.get("what").asText()));
      assertThat(told).as("what the client was told after the writes: %s", changes).contains("list_changed",
          "updated " + changes.get("uri").asText());
    }
  }

  @Test
  void promptsCompletionsLoggingProgressAndCancellationOverStdio() throws Exception {
    Path small = seed();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> args = new ArrayList<>(List.of("stdio", small.toString(), longSession().toString()));
    args.addAll(ChildProcess.quickJvm("-cp", classpath, TestServerMain.class.getName(), home.toString(),
        project.toString()));
    assertFeatures(run("features.mjs", args));
  }

  @Test
  void promptsCompletionsLoggingProgressCancellationAndBatchesOverStreamableHttp() throws Exception {
    Path small = seed();
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      String url = "http://127.0.0.1:" + server.address().getPort() + server.endpoint();
      JsonNode report = run("features.mjs", List.of("http", small.toString(), longSession().toString(), url,
          TestServerMain.TOKEN));
      assertFeatures(report);
      assertThat(report.at("/batch 2025-03-26/answered").toString()).as("a batch under 2025-03-26: %s",
          report.get("batch 2025-03-26")).isEqualTo("[2,3]");
      assertThat(report.at("/batch 2025-06-18/answered")).isEmpty();
      assertThat(report.at("/batch 2025-06-18/error").asText()).contains("-32600", "2025-03-26 only");
    }
  }

  private Path seed() throws IOException {
    return TestServerMain.seed(home, project);
  }

  /** A real recorded session of 2.7 MB (core's test fixture): reading and compacting it takes a few seconds. */
  private Path longSession() throws IOException {
    Path file = project.resolve("long-session.jsonl");
    try (var in = McpNodeClientTest.class.getResourceAsStream(
        "/transcripts/claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl")) {
      assertThat(in).as("core's recorded session on the test class path").isNotNull();
      Files.copy(in, file);
    }
    return file;
  }

  private static void assertFeatures(JsonNode r) {
    assertThat(r.at("/capabilities/logging").isObject()).as("%s", r.get("capabilities")).isTrue();
    assertThat(r.at("/capabilities/completions").isObject()).isTrue();
    assertThat(r.at("/capabilities/prompts").isObject()).isTrue();
    List<String> prompts = new ArrayList<>();
    r.get("prompts").forEach(p -> prompts.add(p.get("name").asText() + " " + p.get("arguments")));
    assertThat(prompts).containsExactlyInAnyOrder("recall [\"task*\"]", "remember [\"what*\",\"type\"]",
        "about [\"topic*\"]", "compact [\"instructions\"]");
    r.get("prompts").forEach(p -> assertThat(p.get("title").asText()).isNotBlank());
    assertThat(r.at("/promptRecall/text").asText()).contains("make the integration tests pass with redis");
    assertThat(r.at("/promptRemember/text").asText()).contains("the user prefers tabs", "remember tool",
        "the type user");
    assertThat(r.at("/promptAbout/text").asText()).contains("## seeded-07", "https://dash.example.com/7");
    assertThat(r.at("/promptCompact/text").asText()).contains("compact tool", "keep the failing test");
    assertThat(r.at("/promptMissing/code").asInt()).isEqualTo(-32602);
    assertThat(r.at("/promptMissing/thrown").asText()).contains("'topic' is required");
    assertThat(texts(r.at("/completeTopic/values"))).hasSize(10).allMatch(v -> v.startsWith("seeded-1"));
    assertThat(texts(r.at("/completeType/values"))).containsExactly("feedback");
    assertThat(texts(r.at("/completeUri/values"))).hasSize(10).allMatch(v -> v.startsWith("seeded-2"));
    assertThat(r.at("/completeUserScope/values")).as("no user memory is called seeded-*").isEmpty();
    assertThat(r.get("logs").toString()).as("debug messages once the client set the level")
        .contains("list answered in");
    List<String> compactStages = new ArrayList<>();
    r.get("compactProgress").forEach(p -> compactStages.add(p.get("progress").asText() + " " + p.get("message").asText()));
    assertThat(compactStages).first().isEqualTo("1 reading the transcript");
    assertThat(compactStages).contains("2 counting and pruning the messages", "4 summary attempt 1")
        .last().isEqualTo("5 restoring the files touched");
    assertThat(r.at("/compact/isError").asBoolean()).isFalse();
    assertThat(r.get("dreamProgress").toString()).contains("orient", "consolidate", "prune");
    // Progress is told up to the answer, never after it (read off the wire: the SDK delivers a progress notification
    // that came in the same read as the answer after the answer, and drops it).
    assertThat(r.get("lateProgress")).as("progress told after the answer").isEmpty();
    assertThat(r.at("/dream/outcome").asText()).isEqualTo("dry_run");
    // Cancelled at its first stage: the client stops waiting, the server stops at its next stage and says so, and
    // no answer comes for the request (the client would report one for an id it no longer knows).
    assertThat(r.get("cancelOutcome").asText()).startsWith("rejected");
    assertThat(r.get("cancelProgress")).hasSize(1);
    assertThat(r.at("/stopLog/data").asText()).as("the log messages: %s", r.get("logs"))
        .startsWith("compact stopped at reading the transcript (1 of 5): cancelled by the client");
    assertThat(r.get("clientErrors")).as("what the client saw that it did not expect").isEmpty();
    assertThat(r.get("pingAfterCancel").asBoolean()).isTrue();
  }

  private static void assertScenario(JsonNode r) {
    assertThat(r.get("server").asText()).isEqualTo("engram");
    assertThat(r.get("serverVersion").asText()).isEqualTo("test");
    assertThat(texts(r.get("tools"))).containsExactly("compact", "context", "dream", "forget", "history", "inbox", "list",
        "recall", "remember", "restore");
    assertToolDetails(r.get("toolDetails"));
    assertThat(texts(r.get("rememberSchemaRequired"))).contains("name", "type", "body");
    assertThat(r.at("/remember/isError").asBoolean()).as("%s", r.get("remember")).isFalse();
    assertThat(r.at("/remember/text").asText()).contains("saved memory 'tests-need-redis'");
    assertThat(texts(r.at("/list/names"))).containsExactly("tests-need-redis");
    JsonNode firstPage = r.get("listDefaultPage");
    assertThat(firstPage.get("count").asInt()).as("the default page: %s", firstPage)
        .isEqualTo(McpSettings.DEFAULTS.pageSize());
    assertThat(firstPage.get("total").asInt()).isEqualTo(SEEDED + 1);
    assertThat(firstPage.get("nextCursor").asText()).isNotBlank();
    assertThat(texts(r.get("listPaged"))).as("every memory once, in pages of two").hasSize(SEEDED + 1)
        .doesNotHaveDuplicates().contains("tests-need-redis", "seeded-00", String.format("seeded-%02d", SEEDED - 1));
    assertThat(r.get("listPages").asInt()).isEqualTo((SEEDED + 2) / 2);
    assertThat(r.at("/badCursor/isError").asBoolean()).isTrue();
    assertThat(r.at("/badCursor/text").asText()).contains("cursor");
    assertThat(texts(r.at("/recall/names"))).containsExactly("tests-need-redis");
    assertThat(r.at("/recall/text").asText()).contains("localhost:6379");
    assertThat(r.get("resources")).as("every memory, page after page").hasSize(SEEDED + 1);
    assertThat(r.get("resourcePages").asInt()).isEqualTo(2);
    assertThat(r.at("/read/uri").asText()).startsWith("memory://").endsWith("/tests-need-redis");
    assertThat(r.at("/read/text").asText()).contains("name: tests-need-redis", "type: project", "Redis server");
    for (String tool : List.of("context", "history", "compact")) {
      assertThat(r.at("/" + tool + "/isError").asBoolean()).as("%s: %s", tool, r.get(tool)).isFalse();
    }
    assertThat(r.at("/context/text").asText()).contains("tests-need-redis");
    assertThat(r.at("/compact/structured/summary").asText()).contains("<summary>");
    assertThat(r.at("/badInput/isError").asBoolean()).isTrue();
    assertThat(r.at("/badInput/text").asText() + r.at("/badInput/thrown").asText()).contains("type");
    assertThat(r.at("/unknownTool/code").asInt()).isEqualTo(-32602);
    assertThat(r.at("/unknownTool/thrown").asText()).contains("'no-such-tool'").contains("recall");
    assertThat(r.at("/forget/isError").asBoolean()).isFalse();
    assertThat(r.at("/forget/structured/trashId").asText()).startsWith("project/");
    assertThat(r.at("/forgetAgain/isError").asBoolean()).isTrue();
    assertThat(r.at("/forgetAgain/text").asText()).contains("no memory named 'tests-need-redis'");
    assertThat(r.get("listAfterForget")).isEmpty();
    assertThat(r.at("/restore/isError").asBoolean()).as("%s", r.get("restore")).isFalse();
    assertThat(r.get("restoredText").asText()).as("the entry asked for, not the newest of that name")
        .contains("Redis server").doesNotContain("Redis 7 now");
    assertThat(r.at("/restoreOverExisting/isError").asBoolean()).isTrue();
    assertThat(texts(r.get("serverRequests"))).as("requests the server sent to a client that declared nothing")
        .isEmpty();
    assertThat(r.at("/resourcesCapability/listChanged").asBoolean()).isTrue();
    assertThat(r.at("/resourcesCapability/subscribe").asBoolean()).isTrue();
    assertThat(r.get("toldRemembered").asBoolean()).as("told the list changed once a memory was remembered: %s",
        r.get("notifications")).isTrue();
    assertThat(r.get("toldForgotten").asBoolean()).as("told the subscribed memory changed once it was forgotten: %s",
        r.get("notifications")).isTrue();
  }

  /** Every tool has a title, annotations that say what it does, an output schema, and every argument described. */
  private static void assertToolDetails(JsonNode details) {
    details.fields().forEachRemaining(e -> {
      JsonNode t = e.getValue();
      assertThat(t.get("title").asText()).as(e.getKey()).isNotBlank();
      assertThat(t.get("outputSchema").asText()).as(e.getKey()).isEqualTo("object");
      assertThat(t.get("undescribed")).as("%s's arguments without a description", e.getKey()).isEmpty();
      assertThat(t.at("/annotations/openWorldHint").asBoolean(true)).as(e.getKey()).isFalse();
    });
    for (String readOnly : List.of("recall", "list", "context", "history")) {
      assertThat(details.at("/" + readOnly + "/annotations/readOnlyHint").asBoolean()).as(readOnly).isTrue();
    }
    for (String writes : List.of("remember", "forget", "restore", "compact", "dream")) {
      assertThat(details.at("/" + writes + "/annotations/readOnlyHint").asBoolean()).as(writes).isFalse();
    }
    assertThat(details.at("/forget/annotations/destructiveHint").asBoolean()).isTrue();
    assertThat(details.at("/dream/annotations/destructiveHint").asBoolean()).as("it merges memories away").isTrue();
    assertThat(details.at("/remember/annotations/destructiveHint").asBoolean()).as("it replaces a same-named one")
        .isTrue();
    assertThat(details.at("/restore/annotations/destructiveHint").asBoolean(true)).isFalse();
    assertThat(details.at("/restore/annotations/idempotentHint").asBoolean()).isTrue();
    assertThat(details.at("/compact/annotations/idempotentHint").asBoolean(true)).isFalse();
    assertThat(details.at("/remember/typeDescription").asText()).contains("user =", "feedback =", "project =",
        "reference =");
  }

  private static JsonNode run(List<String> args) throws IOException, InterruptedException {
    return run("client.mjs", args);
  }

  private static JsonNode run(String script, List<String> args) throws IOException, InterruptedException {
    return run(script, args, null);
  }

  /**
   * Runs {@code script}; when it prints the line {@code ready}, runs {@code onReady} (none: null). Its stdout is read
   * on a thread of its own and everything has one deadline: a client that hangs is killed with its children (the
   * server it started) and the test fails with what it printed, never hanging the build.
   */
  private static JsonNode run(String script, List<String> args, Callable onReady)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(node, script));
    command.addAll(args);
    Path err = Files.createTempFile("mcp-node", ".err");
    try {
      Process p = new ProcessBuilder(command).directory(NODE_DIR.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
      p.getOutputStream().close();
      BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines.add(Optional.of(line));
          }
        } catch (IOException e) {
          // Closed when the client was killed: what was read stays.
        }
        lines.add(Optional.empty());
      }, "node-client-stdout");
      reader.setDaemon(true);
      reader.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLIENT_SECONDS);
      StringBuilder out = new StringBuilder();
      while (true) {
        Optional<String> line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (line == null || line.isEmpty()) {
          if (line == null || !p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail(String.format("node client did not finish within %d s; killed with its children.%nstdout:%n%s%n"
                + "stderr:%n%s", CLIENT_SECONDS, out, Files.readString(err)));
          }
          break;
        }
        if (onReady != null && line.get().equals("ready")) {
          onReady.call();
        }
        out.append(line.get()).append('\n');
      }
      String stdout = out.toString().strip();
      assertThat(p.exitValue()).as("node client exit code; stderr:%n%s", Files.readString(err)).isZero();
      String last = stdout.substring(stdout.lastIndexOf('\n') + 1);
      return new ObjectMapper().readTree(last);
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** What the test does while a client waits. */
  private interface Callable {
    void call() throws IOException;
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
