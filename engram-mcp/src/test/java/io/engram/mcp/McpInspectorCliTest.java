package io.engram.mcp;

import io.engram.testing.ChildProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Inspector's command line ({@code @modelcontextprotocol/inspector --cli}, on the TypeScript SDK's second
 * line) against the server: over stdio its portability check of every tool schema ({@code --strict}), over streamable
 * HTTP the calls a person makes with it (its command line has no completion method: McpNodeClientTest completes).
 * One HTTP server for the class; each case is one Inspector process. Under
 * {@code CI=true} a missing node or {@code node_modules} fails the test; elsewhere it is skipped.
 */
class McpInspectorCliTest {
  private static final Path NODE_DIR = NodeClients.DIR;
  private static final String INSPECTOR = "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js";
  // How long one Inspector run may take, its server's start included.
  private static final long DEADLINE_SECONDS = 120;
  private static String node;

  @TempDir static Path home;
  @TempDir static Path project;
  private static EngramMcpServer.Http server;
  private static String url;

  @BeforeAll
  static void start() throws Exception {
    node = NodeClients.node(INSPECTOR);
    TestServerMain.seed(home, project);
    server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project), new InetSocketAddress("127.0.0.1", 0),
        TestServerMain.TOKEN, "test");
    url = "http://127.0.0.1:" + server.address().getPort() + server.endpoint();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyToolSchemaPassesTheStrictPortabilityCheckOverStdio() throws Exception {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    // The quick compiler alone, as the test JVMs and the other clients' stdio servers: the server lives seconds.
    Result r = inspector(ChildProcess.quickJvm("-cp", classpath,
        TestServerMain.class.getName(), home.toString(), project.toString(), "--method", "tools/list", "--strict"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).as("the Inspector's findings on the schemas (it prints none when all is well)")
        .doesNotContain("Warning:", "Error:");
    for (JsonNode tool : r.json().get("tools")) {
      String name = tool.get("name").asText();
      assertThat(tool.path("title").asText()).as(name).isNotBlank();
      assertThat(tool.path("outputSchema").path("type").asText()).as(name).isEqualTo("object");
      assertThat(tool.path("annotations").has("readOnlyHint")).as(name).isTrue();
    }
  }

  @Test
  void aListPageValidatesAgainstItsSchemaAndNamesTheNextCursor() throws Exception {
    Result r = inspector(http("--method", "tools/call", "--tool-name", "list", "--tool-arg", "limit=3"));
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode page = r.json().get("structuredContent");
    assertThat(page.get("memories")).hasSize(3);
    assertThat(page.get("total").asInt()).isEqualTo(TestServerMain.SEEDED);
    assertThat(page.get("nextCursor").asText()).isEqualTo("after seeded-02@project");
    assertThat(r.json().path("isError").asBoolean()).isFalse();
  }

  @Test
  void theInspectorListsEveryResourcePageAfterPage() throws Exception {
    Result r = inspector(http("--method", "resources/list"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().get("resources")).hasSize(TestServerMain.SEEDED);
  }

  @Test
  void anUnknownToolIsRefusedByName() throws Exception {
    Result r = inspector(http("--method", "tools/call", "--tool-name", "recal", "--tool-arg", "query=x"));
    assertThat(r.out() + r.err()).contains("'recal'");
  }

  @Test
  void aPromptBringsWhatEngramRemembersAboutATopic() throws Exception {
    Result r = inspector(http("--method", "prompts/get", "--prompt-name", "about", "--prompt-args", "topic=seeded-07"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().at("/messages/0/content/text").asText()).contains("## seeded-07", "dash.example.com/7");
  }

  @Test
  void theLogLevelIsSet() throws Exception {
    Result r = inspector(http("--method", "logging/setLevel", "--log-level", "debug"));
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
  }

  @Test
  void initializeGivesTheOneServerVersion() throws Exception {
    Result r = inspector(http("--method", "initialize"));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().at("/serverInfo/version").asText()).isEqualTo("test");
    assertThat(r.json().at("/capabilities").toString()).contains("\"prompts\"", "\"completions\"", "\"logging\"");
  }

  private static List<String> http(String... args) {
    List<String> all = new ArrayList<>(List.of(url, "--transport", "http", "--header",
        "Authorization: Bearer " + TestServerMain.TOKEN));
    all.addAll(List.of(args));
    return all;
  }

  private record Result(int exit, String out, String err) {
    JsonNode json() throws java.io.IOException {
      return new ObjectMapper().readTree(out);
    }
  }

  private static Result inspector(List<String> args) throws Exception {
    // The Inspector gives a server 15 s to connect by default; over stdio the server is a new JVM, which on a loaded
    // 2-core CI machine took longer than that. The deadline below still bounds the whole run.
    List<String> command = new ArrayList<>(List.of(node, NODE_DIR.resolve(INSPECTOR).toString(), "--cli",
        "--connect-timeout", String.valueOf(TimeUnit.SECONDS.toMillis(DEADLINE_SECONDS - 10))));
    command.addAll(args);
    Path err = Files.createTempFile("inspector", ".err");
    Path out = Files.createTempFile("inspector", ".out");
    try {
      // Both streams to files: nothing is read before the deadline, so a hung Inspector cannot hang the build.
      ProcessBuilder builder = new ProcessBuilder(command).directory(NODE_DIR.toFile()).redirectError(err.toFile())
          .redirectOutput(out.toFile());
      // The Inspector keeps a catalog of servers; this one stays in the test's home, never the user's.
      builder.environment().put("MCP_CATALOG_PATH", home.resolve("inspector-catalog.json").toString());
      Process p = builder.start();
      p.getOutputStream().close();
      if (!p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        fail("the Inspector did not finish within " + DEADLINE_SECONDS + " s; killed with the server it started.\nstdout:\n"
            + Files.readString(out) + "\nstderr:\n" + Files.readString(err));
      }
      return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err));
    } finally {
      Files.deleteIfExists(err);
      Files.deleteIfExists(out);
    }
  }
}
