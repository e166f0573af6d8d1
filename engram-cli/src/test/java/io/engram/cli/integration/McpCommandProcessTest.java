package io.engram.cli.integration;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.EngramCommand;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engram mcp} in its own process: stdout carries nothing but JSON-RPC, the tools are there, a bad
 * line is answered and the end of stdin ends the process (exit 0), and {@code initialize} is answered before
 * the tokenizer, the index or the SDK are loaded.
 */
class McpCommandProcessTest {
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  /** Packages whose classes are heavy to load and that {@code initialize} must not need. */
  private static final List<String> HEAVY = List.of("org.apache.lucene.", "com.knuddels.jtokkit.", "tools.jackson.",
      "reactor.core.", "io.modelcontextprotocol.server.", "com.networknt.", "ai.onnxruntime.");

  /** How long a reply may take: a JVM starting on a loaded machine, never forever. */
  private static final Duration REPLY = Duration.ofSeconds(60);

  @TempDir Path home;
  @TempDir Path project;

  @Test
  void stdioModeWritesOnlyProtocolMessagesToStdout() throws Exception {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    try (ChildProcess.Lines child = ChildProcess.Lines.start(new ProcessBuilder(ChildProcess.quickJvm("-cp",
        classpath, EngramCommand.class.getName(), "--home", home.toString(), "--project", project.toString(), "mcp"))
        .redirectError(ProcessBuilder.Redirect.DISCARD))) {
      Process p = child.process();
      OutputStream in = p.getOutputStream();
      in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
          + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      List<JsonNode> replies = new ArrayList<>();
      ObjectMapper json = new ObjectMapper();
      while (replies.size() < 2) {
        String line = child.next(REPLY);
        assertThat(line).as("server closed stdout early").isNotNull();
        JsonNode node = json.readTree(line);
        assertThat(node.get("jsonrpc").asText()).isEqualTo("2.0");
        replies.add(node);
      }
      JsonNode tools = replies.stream().filter(r -> r.path("id").asInt() == 2).findFirst().orElseThrow();
      List<String> names = new ArrayList<>();
      tools.at("/result/tools").forEach(t -> names.add(t.get("name").asText()));
      assertThat(names).containsExactlyInAnyOrder("recall", "remember", "forget", "restore", "list", "context",
          "compact", "dream", "history", "inbox");
      JsonNode init = replies.stream().filter(r -> r.path("id").asInt() == 1).findFirst().orElseThrow();
      assertThat(init.at("/result/serverInfo/version").asText()).as("the version the service's MCP gives too")
          .isEqualTo(io.engram.cli.global.EngramVersion.number());
      in.close();
      assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("server exits when stdin closes").isTrue();
      assertThat(p.exitValue()).isZero();
    }
  }

  /**
   * {@code engram mcp --http} as a user starts it, met by the MCP Java SDK's own client: the version it gives is the
   * one stdio gives (the test above), the bare number.
   */
  @Test
  void overStreamableHttpTheOfficialClientGetsTheSameVersion() throws Exception {
    String token = "7c2e9a41d0b86f35e1a4c9d72b08f6e3a5d1c7b94e20f8a6c3b5d9e1f7a2c4b6";
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    ProcessBuilder builder = new ProcessBuilder(ChildProcess.quickJvm("-cp", classpath,
        EngramCommand.class.getName(), "--home",
        home.toString(), "--project", project.toString(), "mcp", "--http", "0"));
    builder.environment().put("ENGRAM_MCP_TOKEN", token);
    // Its stdout carries nothing in this mode; where it listens is said on stderr, read here with it.
    try (ChildProcess.Lines child = ChildProcess.Lines.start(builder.redirectErrorStream(true))) {
      String url = null;
      while (url == null) {
        String line = child.next(REPLY);
        if (line == null) {
          throw new AssertionError("engram mcp --http ended without saying where it listens");
        }
        Matcher m = Pattern.compile("listening on (http://\\S+?)(/mcp)$").matcher(line);
        if (m.find()) {
          url = m.group(1);
        }
      }
      McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp")
          .httpRequestCustomizer((request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + token)).build())
          .requestTimeout(Duration.ofSeconds(30)).build();
      try {
        McpSchema.InitializeResult init = client.initialize();
        assertThat(init.serverInfo().name()).isEqualTo("engram");
        assertThat(init.serverInfo().version()).isEqualTo(io.engram.cli.global.EngramVersion.number());
      } finally {
        client.closeGracefully();
      }
    }
  }

  @Test
  void aBadLineIsAnsweredAndTheEndOfStdinEndsTheProcessWithExitCodeZero() throws Exception {
    try (ChildProcess.Lines child = start(List.of())) {
      Process p = child.process();
      ObjectMapper json = new ObjectMapper();
      try (OutputStream in = p.getOutputStream()) {
        send(in, INIT);
        assertThat(json.readTree(child.next(REPLY)).at("/result/serverInfo/name").asText()).isEqualTo("engram");
        send(in, "hello world");
        JsonNode error = json.readTree(child.next(REPLY));
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(error.get("id").isNull()).isTrue();
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(json.readTree(child.next(REPLY)).get("id").asInt()).isEqualTo(2);
      }
      long closed = System.nanoTime();
      assertThat(p.waitFor(5, TimeUnit.SECONDS)).as("process still running 5 s after stdin closed").isTrue();
      assertThat(p.exitValue()).isZero();
      System.out.printf("engram mcp exited %d ms after stdin closed%n", (System.nanoTime() - closed) / 1_000_000);
    }
  }

  @Test
  void initializeIsAnsweredBeforeTheTokenizerTheIndexAndTheSdkAreLoaded() throws Exception {
    Path classLog = home.resolve("classes.log");
    long started = System.nanoTime();
    try (ChildProcess.Lines child = start(List.of("-Xlog:class+load:file=" + classLog))) {
      Process p = child.process();
      OutputStream in = p.getOutputStream();
      send(in, INIT);
      String answer = child.next(REPLY);
      long millis = (System.nanoTime() - started) / 1_000_000;
      assertThat(answer).contains("\"serverInfo\"");
      List<String> loaded = java.nio.file.Files.readAllLines(classLog);
      assertThat(loaded.stream().filter(l -> HEAVY.stream().anyMatch(l::contains)).toList())
          .as("heavy classes loaded before initialize was answered").isEmpty();
      System.out.printf("engram mcp answered initialize %d ms after the JVM started, %d classes loaded%n", millis,
          loaded.size());
      send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      assertThat(child.next(REPLY)).contains("\"recall\"");
      in.close();
      assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
    }
  }

  private ChildProcess.Lines start(List<String> jvmOptions) throws java.io.IOException {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    // The quick compiler and the serial collector, as the test above and every other child JVM here: the server lives
    // for a few lines, which the optimising compiler would not earn back; neither changes which classes load when.
    List<String> command = ChildProcess.quickJvm();
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath, EngramCommand.class.getName(), "--home", home.toString(), "--project",
        project.toString(), "mcp"));
    return ChildProcess.Lines.start(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
  }

  private static void send(OutputStream in, String line) throws java.io.IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }
}
