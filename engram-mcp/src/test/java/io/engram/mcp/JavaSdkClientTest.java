package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SDK's own Java client against the HTTP server: the round trip every agent makes, in process. */
class JavaSdkClientTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void javaClientRemembersRecallsAndReadsAMemoryOverHttp() throws Exception {
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
          .builder("http://127.0.0.1:" + server.address().getPort())
          .endpoint(server.endpoint())
          .httpRequestCustomizer((request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + TestServerMain.TOKEN))
          .build();
      McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20)).build();
      try {
        client.initialize();
        McpSchema.CallToolResult saved = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
            "name", "deploy-window", "description", "When deploys may happen", "type", "project",
            "body", "Deploys happen on Tuesdays after the standup; never on Fridays.")));
        assertThat(saved.isError()).isFalse();
        McpSchema.CallToolResult everywhere = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
            "name", "answer-in-chinese", "description", "Answer in Chinese", "type", "feedback",
            "body", "Answer in Chinese in every project.", "scope", "user")));
        assertThat(everywhere.isError()).isFalse();
        assertThat(TestServerMain.engram(home, project).memory().read("answer-in-chinese").orElseThrow().scope())
            .isEqualTo(io.engram.memory.MemoryScope.USER);
        McpSchema.CallToolResult teamScope = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
            "name", "x", "description", "x", "type", "project", "body", "x", "scope", "team")));
        assertThat(teamScope.isError()).isTrue();
        McpSchema.CallToolResult tooLarge = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
            "name", "pasted-log", "description", "a log", "type", "project", "body", "z".repeat(200 * 1024))));
        assertThat(tooLarge.isError()).isTrue();
        assertThat(((McpSchema.TextContent) tooLarge.content().get(0)).text())
            .contains("over the limit of 65536 bytes a memory (setting memory.maxMemoryBytes)");
        // Redacted, every GitHub token is one name: a second such memory would replace the first.
        String token = "ghp_" + "Qw12Er34Ty56".repeat(3);
        McpSchema.CallToolResult secretName = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
            "name", token, "description", "CI token", "type", "reference", "body", "The CI pushes with a token.")));
        assertThat(secretName.isError()).isTrue();
        assertThat(((McpSchema.TextContent) secretName.content().get(0)).text())
            .contains("invalid memory name: it holds a secret (github-token)").doesNotContain(token);
        McpSchema.CallToolResult found = client.callTool(
            new McpSchema.CallToolRequest("recall", Map.of("query", "when can we deploy?")));
        assertThat(((McpSchema.TextContent) found.content().get(0)).text()).contains("Tuesdays");
        McpSchema.CallToolResult badLimit = client.callTool(
            new McpSchema.CallToolRequest("recall", Map.of("query", "deploy", "limit", 99)));
        assertThat(badLimit.isError()).isTrue();
        McpSchema.ReadResourceResult read = client.readResource(
            new McpSchema.ReadResourceRequest("memory://" + TestServerMain.engram(home, project).memory().location().projectKey()
                + "/deploy-window"));
        assertThat(((McpSchema.TextResourceContents) read.contents().get(0)).text()).contains("name: deploy-window");
      } finally {
        client.closeGracefully();
      }
    }
  }

  @Test
  void fourClientsWritingAtOnceAreEachAnswered() throws Exception {
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      List<McpSyncClient> clients = new ArrayList<>();
      for (int c = 0; c < 4; c++) {
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
            .builder("http://127.0.0.1:" + server.address().getPort())
            .endpoint(server.endpoint())
            .httpRequestCustomizer((request, method, uri, body, context) ->
                request.header("Authorization", "Bearer " + TestServerMain.TOKEN))
            .build()).requestTimeout(Duration.ofSeconds(20)).build();
        client.initialize();
        clients.add(client);
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<Boolean>> written = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
          McpSyncClient client = clients.get(c);
          int n = c;
          written.add(pool.submit(() -> {
            for (int i = 0; i < 10; i++) {
              McpSchema.CallToolResult saved = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
                  "name", "rule " + n + " " + i, "description", "Rule " + i + " of client " + n, "type", "project",
                  "body", "Rule " + i + " of client " + n + " of the deploy checklist.")));
              if (Boolean.TRUE.equals(saved.isError())) {
                return false;
              }
            }
            return true;
          }));
        }
        for (Future<Boolean> f : written) {
          assertThat(f.get(60, TimeUnit.SECONDS)).isTrue();
        }
      } finally {
        pool.shutdownNow();
        clients.forEach(McpSyncClient::closeGracefully);
      }
    }
  }

  @Test
  void aMemoryWrittenThroughMcpRecordsTheAgentTheClientNamesOrTheRelayPassesOn() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram, new InetSocketAddress("127.0.0.1", 0),
        TestServerMain.TOKEN, "test")) {
      remember(server, "codex-mcp-client", null, "codex-said");
      remember(server, "some-client", "cursor", "cursor-said");
      remember(server, "Zed Editor 1.0", null, "zed-said");
    }

    assertThat(engram.memory().read("codex-said").orElseThrow().memory().agent()).contains("codex");
    assertThat(engram.memory().read("cursor-said").orElseThrow().memory().agent()).contains("cursor");
    assertThat(engram.memory().read("zed-said").orElseThrow().memory().agent()).contains("zed-editor-1.0");
  }

  private static void remember(EngramMcpServer.Http server, String clientName, String agentHeader, String name) {
    HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
        .builder("http://127.0.0.1:" + server.address().getPort())
        .endpoint(server.endpoint())
        .httpRequestCustomizer((request, method, uri, body, context) -> {
          request.header("Authorization", "Bearer " + TestServerMain.TOKEN);
          if (agentHeader != null) {
            request.header("Engram-Agent", agentHeader);
          }
        })
        .build();
    McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20))
        .clientInfo(new McpSchema.Implementation(clientName, "1.0")).build();
    try {
      client.initialize();
      McpSchema.CallToolResult saved = client.callTool(new McpSchema.CallToolRequest("remember", Map.of(
          "name", name, "description", "Who said it", "type", "project", "body", "Said through MCP.")));
      assertThat(saved.isError()).isFalse();
    } finally {
      client.closeGracefully();
    }
  }

  private static String record(String type, String uuid, String parent, String content) {
    return "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"parentUuid\":" + (parent == null ? "null" : "\"" + parent + "\"")
        + ",\"sessionId\":\"c1\",\"timestamp\":\"2026-12-01T10:00:0" + uuid.length() % 10 + "Z\",\"cwd\":\"/work/app\","
        + "\"message\":{\"role\":\"" + type + "\",\"content\":" + content + "}}\n";
  }

  @Test
  void javaClientCompactsATranscriptAndGetsTheScoredSummary() throws Exception {
    Path transcript = home.resolve("c1.jsonl");
    Files.writeString(transcript,
        record("user", "u1", null, "\"The login test fails with TimeoutError in src/auth/login.test.ts; we use pnpm, not npm.\"")
            + record("assistant", "a1", "u1", "[{\"type\":\"text\",\"text\":\"Running pnpm test to reproduce.\"}]")
            + record("user", "u2", "a1", "\"Then fix it and keep the retry logic in src/auth/session.ts.\"")
            + record("assistant", "a2", "u2", "[{\"type\":\"text\",\"text\":\"Fixed: the session refresh now awaits the token.\"}]"));
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
          .builder("http://127.0.0.1:" + server.address().getPort())
          .endpoint(server.endpoint())
          .httpRequestCustomizer((request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + TestServerMain.TOKEN))
          .build();
      McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20)).build();
      try {
        client.initialize();
        McpSchema.CallToolResult done = client.callTool(new McpSchema.CallToolRequest("compact",
            Map.of("transcript", transcript.toString(), "instructions", "focus on the login test")));
        assertThat(done.isError()).isFalse();
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) done.structuredContent();
        assertThat(json).containsKeys("summary", "score", "sections", "steps", "todos", "lost", "engine",
            "tokensBefore", "tokensAfter", "reductionPercent").doesNotContainKey("instructionText");
        assertThat(json.get("engine")).isEqualTo("offline");
        assertThat((String) json.get("summary")).contains("we use pnpm, not npm");
        assertThat(((McpSchema.TextContent) done.content().get(0)).text()).contains("score ");
        McpSchema.CallToolResult relative = client.callTool(new McpSchema.CallToolRequest("compact",
            Map.of("transcript", "c1.jsonl")));
        assertThat(relative.isError()).isTrue();
        assertThat(((McpSchema.TextContent) relative.content().get(0)).text()).contains("absolute path");
      } finally {
        client.closeGracefully();
      }
    }
  }

  @Test
  void javaClientFindsATurnOfAPastSessionByWhatWasSaid() throws Exception {
    Path transcript = home.resolve("c1.jsonl");
    Files.writeString(transcript,
        record("user", "u1", null, "\"The login test fails with TimeoutError in src/auth/login.test.ts.\"")
            + record("assistant", "a1", "u1", "[{\"type\":\"text\",\"text\":\"The session refresh never awaits the token.\"}]"));
    Engram engram = TestServerMain.engram(home, project);
    new io.engram.dream.SessionTranscripts(engram.memory().location().projectDir()).record("c1", transcript);
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram,
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test")) {
      HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
          .builder("http://127.0.0.1:" + server.address().getPort())
          .endpoint(server.endpoint())
          .httpRequestCustomizer((request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + TestServerMain.TOKEN))
          .build();
      McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20)).build();
      try {
        client.initialize();
        McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("history",
            Map.of("query", "refresh awaits token")));
        assertThat(found.isError()).isFalse();
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) found.structuredContent();
        @SuppressWarnings("unchecked")
        Map<String, Object> first = ((List<Map<String, Object>>) json.get("hits")).get(0);
        assertThat(first).containsEntry("session", "c1").containsEntry("role", "assistant")
            .containsEntry("link", transcript.toAbsolutePath().normalize() + ":2");
        assertThat(((McpSchema.TextContent) found.content().get(0)).text()).contains("never awaits the token");
        McpSchema.CallToolResult none = client.callTool(new McpSchema.CallToolRequest("history",
            Map.of("query", "kubernetes helm chart")));
        assertThat(((McpSchema.TextContent) none.content().get(0)).text()).isEqualTo("No past turn matches the query.");
      } finally {
        client.closeGracefully();
      }
    }
  }
}
