package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP transport's gate and protocol edges, with the JDK's HTTP client. */
class HttpTransportTest {
  @TempDir Path home;
  @TempDir Path project;

  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @Test
  void requestsWithoutTheRightTokenGet401AndTheRightTokenIsServed() throws Exception {
    try (EngramMcpServer.Http server = start()) {
      assertThat(post(server, null, INIT).statusCode()).isEqualTo(401);
      assertThat(post(server, "Bearer wrong", INIT).statusCode()).isEqualTo(401);
      assertThat(post(server, "Bearer " + TestServerMain.TOKEN + "x", INIT).statusCode()).isEqualTo(401);
      HttpResponse<String> ok = post(server, "Bearer " + TestServerMain.TOKEN, INIT);
      assertThat(ok.statusCode()).isEqualTo(200);
      assertThat(ok.body()).contains("\"serverInfo\"", "\"engram\"");
    }
  }

  @Test
  void malformedBodiesAreJsonRpcErrorsAndGetIsNotAllowed() throws Exception {
    try (EngramMcpServer.Http server = start()) {
      HttpResponse<String> bad = post(server, "Bearer " + TestServerMain.TOKEN, "{not json");
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(bad.body()).contains("\"error\"", "-32700", "Parse error");
      HttpResponse<String> get = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(server))
          .header("Authorization", "Bearer " + TestServerMain.TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(get.statusCode()).isEqualTo(405);
      HttpResponse<String> note = post(server, "Bearer " + TestServerMain.TOKEN,
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      assertThat(note.statusCode()).isEqualTo(202);
    }
  }

  @Test
  void initializeGivesASessionWithNotificationsExceptToARelayThatReadsNoStream() throws Exception {
    try (EngramMcpServer.Http server = start()) {
      String auth = "Bearer " + TestServerMain.TOKEN;
      HttpResponse<String> direct = post(server, auth, INIT);
      assertThat(direct.headers().firstValue("Mcp-Session-Id")).hasValueSatisfying(id -> assertThat(id).hasSize(32));
      assertThat(direct.body()).contains("\"subscribe\":true", "\"listChanged\":true");
      HttpResponse<String> relayed = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(server))
          .header("Content-Type", "application/json").header("Authorization", auth).header("Engram-Relay", "stdio")
          .POST(HttpRequest.BodyPublishers.ofString(INIT)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(relayed.headers().firstValue("Mcp-Session-Id")).isEmpty();
      assertThat(relayed.body()).contains("\"subscribe\":false", "\"listChanged\":false");
      HttpResponse<String> unknown = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(server))
          .header("Authorization", auth).header("Mcp-Session-Id", "0".repeat(32)).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(unknown.statusCode()).isEqualTo(404);
      HttpResponse<String> ended = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(server))
          .header("Authorization", auth).header("Mcp-Session-Id", direct.headers().firstValue("Mcp-Session-Id")
              .orElseThrow()).DELETE().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(ended.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void resourcesListIsTheStoreAsItIsNowWhoeverChangedIt() throws Exception {
    try (EngramMcpServer.Http server = start()) {
      String auth = "Bearer " + TestServerMain.TOKEN;
      String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/list\"}";
      assertThat(post(server, auth, list).body()).doesNotContain("written-elsewhere");
      // Another process (the command line, a hook's JVM) writes to the same store.
      io.engram.memory.ProjectMemory other = TestServerMain.engram(home, project).memory();
      other.write(io.engram.memory.Memory.of("written-elsewhere", io.engram.memory.MemoryType.PROJECT,
          "A memory another process wrote", "The build needs JDK 17.\n"), io.engram.memory.ChangedBy.CLI);
      assertThat(post(server, auth, list).body()).contains("written-elsewhere");
      other.forget("written-elsewhere", io.engram.memory.ChangedBy.CLI);
      assertThat(post(server, auth, list).body()).doesNotContain("written-elsewhere");
    }
  }

  @Test
  void theServerListensOnLoopbackWhenAskedTo() throws Exception {
    try (EngramMcpServer.Http server = start()) {
      assertThat(server.address().getAddress().isLoopbackAddress()).isTrue();
    }
  }

  private EngramMcpServer.Http start() throws Exception {
    return EngramMcpServer.serveHttp(TestServerMain.engram(home, project), new InetSocketAddress("127.0.0.1", 0),
        TestServerMain.TOKEN, "test");
  }

  private static URI uri(EngramMcpServer.Http server) {
    return URI.create("http://127.0.0.1:" + server.address().getPort() + server.endpoint());
  }

  private static HttpResponse<String> post(EngramMcpServer.Http server, String auth, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(server)).header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body));
    if (auth != null) {
      b.header("Authorization", auth);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
