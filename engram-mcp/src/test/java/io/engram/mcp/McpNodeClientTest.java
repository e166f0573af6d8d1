package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the server with the official MCP TypeScript SDK client ({@code src/test/node/client.mjs}) over
 * stdio and streamable HTTP. Under {@code CI=true} a missing node or {@code node_modules} fails the test
 * ({@code .ci/setup} installs them); outside CI it is skipped with a message saying how to enable it.
 */
class McpNodeClientTest {
  private static final Path NODE_DIR = Path.of("src", "test", "node").toAbsolutePath();
  private static String node;

  @TempDir Path home;
  @TempDir Path project;

  @BeforeAll
  static void findNode() {
    boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
    node = onPath("node");
    boolean sdk = Files.isDirectory(NODE_DIR.resolve("node_modules/@modelcontextprotocol/sdk"));
    if (node == null || !sdk) {
      String why = (node == null ? "node is not on the PATH" : "the npm packages are not installed")
          + "; run .ci/setup (or `npm ci` in " + NODE_DIR + ")";
      if (ci) {
        fail("CI=true but " + why);
      }
      Assumptions.assumeTrue(false, "skipped: " + why);
    }
  }

  @Test
  void officialClientUsesEveryToolAndAResourceOverStdio() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    JsonNode report = run(List.of("stdio", java, "-cp", classpath, TestServerMain.class.getName(),
        home.toString(), project.toString()));
    assertScenario(report);
  }

  @Test
  void officialClientWorksOverStreamableHttpAndAWrongTokenIsRefused() throws Exception {
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      String url = "http://127.0.0.1:" + server.address().getPort() + server.endpoint();
      JsonNode report = run(List.of("http", url, TestServerMain.TOKEN));
      assertScenario(report);
      assertThat(report.get("wrongTokenStatus").asInt()).isEqualTo(401);
      assertThat(report.get("wrongToken").asText()).contains("unauthorized");
      assertThat(report.get("noToken").asText()).contains("unauthorized");
    }
  }

  private static void assertScenario(JsonNode r) {
    assertThat(r.get("server").asText()).isEqualTo("engram");
    assertThat(texts(r.get("tools"))).containsExactly("compact", "context", "forget", "history", "inbox", "list", "recall",
        "remember");
    assertThat(texts(r.get("rememberSchemaRequired"))).contains("name", "type", "body");
    assertThat(r.at("/remember/isError").asBoolean()).isFalse();
    assertThat(r.at("/remember/text").asText()).contains("saved memory 'tests-need-redis'");
    assertThat(texts(r.at("/list/names"))).containsExactly("tests-need-redis");
    assertThat(texts(r.at("/recall/names"))).containsExactly("tests-need-redis");
    assertThat(r.at("/recall/text").asText()).contains("localhost:6379");
    assertThat(r.at("/read/uri").asText()).startsWith("memory://").endsWith("/tests-need-redis");
    assertThat(r.at("/read/text").asText()).contains("name: tests-need-redis", "type: project", "Redis server");
    assertThat(r.at("/context/text").asText()).contains("tests-need-redis");
    assertThat(r.at("/badInput/isError").asBoolean()).isTrue();
    assertThat(r.at("/badInput/text").asText()).contains("type");
    assertThat(r.at("/forget/isError").asBoolean()).isFalse();
    assertThat(r.at("/forgetAgain/isError").asBoolean()).isTrue();
    assertThat(r.at("/forgetAgain/text").asText()).contains("no memory named 'tests-need-redis'");
    assertThat(r.get("listAfterForget")).isEmpty();
    assertThat(texts(r.get("serverRequests"))).as("requests the server sent to a client that declared nothing")
        .isEmpty();
    assertThat(r.at("/resourcesCapability/listChanged").asBoolean()).isTrue();
    assertThat(r.at("/resourcesCapability/subscribe").asBoolean()).isTrue();
    assertThat(r.get("toldRemembered").asBoolean()).as("told the list changed once a memory was remembered: %s",
        r.get("notifications")).isTrue();
    assertThat(r.get("toldForgotten").asBoolean()).as("told the subscribed memory changed once it was forgotten: %s",
        r.get("notifications")).isTrue();
  }

  private static JsonNode run(List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(node, "client.mjs"));
    command.addAll(args);
    Path err = Files.createTempFile("mcp-node", ".err");
    try {
      Process p = new ProcessBuilder(command).directory(NODE_DIR.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("node client did not finish within 60 s");
      }
      String stdout = new String(out, StandardCharsets.UTF_8).strip();
      assertThat(p.exitValue()).as("node client exit code; stderr:%n%s", Files.readString(err)).isZero();
      String last = stdout.substring(stdout.lastIndexOf('\n') + 1);
      return new ObjectMapper().readTree(last);
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static String onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, name);
      if (f.canExecute()) {
        return f.getAbsolutePath();
      }
    }
    return null;
  }
}
