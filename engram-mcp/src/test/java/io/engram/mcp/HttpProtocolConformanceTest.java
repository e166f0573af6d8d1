package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.testing.RawHttp;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP server against the streamable HTTP transport spec and JSON-RPC, with requests written on raw
 * sockets: Origin (DNS rebinding), MCP-Protocol-Version, the auth scheme, error codes without internals.
 */
class HttpProtocolConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AUTH = "Authorization: Bearer " + TestServerMain.TOKEN + "\r\n";
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  private static final String TOOLS = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  @TempDir Path home;
  @TempDir Path project;
  private EngramMcpServer.Http server;

  @BeforeEach
  void start() throws Exception {
    server = EngramMcpServer.serveHttp(TestServerMain.engram(home, project), new InetSocketAddress("127.0.0.1", 0),
        TestServerMain.TOKEN, "test");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://evil.example.com", "https://localhost.evil.example.com", "null",
      "http://127.0.0.2.nip.io:8080", "file://", "http://localhost@evil.example.com"})
  void aBrowserOriginThatIsNotLoopbackIsRefusedWith403(String origin) throws Exception {
    RawHttp.Answer answer = send(AUTH + "Origin: " + origin + "\r\n", INIT);
    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.body()).doesNotContain("serverInfo");
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://localhost:3000", "http://127.0.0.1:8765", "http://[::1]:1234", "https://localhost"})
  void loopbackOriginsAreServed(String origin) throws Exception {
    assertThat(send(AUTH + "Origin: " + origin + "\r\n", INIT).status()).isEqualTo(200);
  }

  @Test
  void aRequestWithoutOriginIsServed() throws Exception {
    assertThat(send(AUTH, INIT).status()).isEqualTo(200);
  }

  @Test
  void anUnsupportedProtocolVersionIs400AndAMissingOneIsTheDefault() throws Exception {
    for (String bad : List.of("1999-01-01", "2099-12-31", "not-a-version")) {
      RawHttp.Answer answer = send(AUTH + "MCP-Protocol-Version: " + bad + "\r\n", TOOLS);
      assertThat(answer.status()).as(bad).isEqualTo(400);
      assertThat(JSON.readTree(answer.body()).path("error").path("code").asInt()).isEqualTo(-32600);
    }
    assertThat(send(AUTH + "MCP-Protocol-Version: 2025-06-18\r\n", TOOLS).status()).isEqualTo(200);
    assertThat(send(AUTH + "MCP-Protocol-Version: 2025-11-25\r\n", TOOLS).status()).isEqualTo(200);
    assertThat(send(AUTH, TOOLS).status()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bearer", "BEARER", "Bearer", "bEaReR"})
  void theAuthSchemeIsCaseInsensitive(String scheme) throws Exception {
    assertThat(send("Authorization: " + scheme + " " + TestServerMain.TOKEN + "\r\n", INIT).status()).isEqualTo(200);
  }

  @Test
  void aMissingWrongOrDoubledTokenIs401() throws Exception {
    assertThat(send("", INIT).status()).isEqualTo(401);
    assertThat(send("Authorization: Basic " + TestServerMain.TOKEN + "\r\n", INIT).status()).isEqualTo(401);
    assertThat(send("Authorization: Bearer " + TestServerMain.TOKEN.substring(1) + "\r\n", INIT).status())
        .isEqualTo(401);
    assertThat(send(AUTH + "Authorization: Bearer nope\r\n", INIT).status()).isEqualTo(401);
  }

  @Test
  void aNullIdAndParamsThatAreNotAnObjectAreInvalidRequestsThatNameNoInternals() throws Exception {
    RawHttp.Answer nullId = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}");
    assertThat(nullId.status()).isEqualTo(400);
    assertError(nullId, -32600);
    assertThat(JSON.readTree(nullId.body()).get("id").isNull()).isTrue();
    RawHttp.Answer stringParams = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":\"x\"}");
    assertThat(stringParams.status()).isEqualTo(400);
    assertError(stringParams, -32600);
    assertThat(JSON.readTree(stringParams.body()).get("id").asInt()).isEqualTo(3);
    RawHttp.Answer arrayParams = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":[]}");
    assertThat(arrayParams.status()).isEqualTo(200);
    assertError(arrayParams, -32602);
    RawHttp.Answer badArguments = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":"
        + "{\"name\":\"recall\",\"arguments\":\"x\"}}");
    assertError(badArguments, -32602);
    RawHttp.Answer badInit = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":7}}");
    assertError(badInit, -32602);
  }

  @Test
  void aBogusCursorIsInvalidParams() throws Exception {
    for (String method : List.of("tools/list", "resources/list", "resources/templates/list")) {
      RawHttp.Answer answer = send(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method
          + "\",\"params\":{\"cursor\":\"bogus\"}}");
      assertError(answer, -32602);
      assertThat(answer.body()).doesNotContain("\"tools\"", "\"resources\"");
    }
  }

  @Test
  void malformedBodiesAreParseOrInvalidRequestErrorsWith400() throws Exception {
    assertError(send(AUTH, "{\"jsonrpc\":"), -32700);
    assertError(send(AUTH, "hello world"), -32700);
    assertError(send(AUTH + "MCP-Protocol-Version: 2025-06-18\r\n", "[" + TOOLS + "]"), -32600);
    assertError(send(AUTH, "[]"), -32600);
    assertError(send(AUTH, "{\"foo\":1}"), -32600);
    assertThat(send(AUTH, "{\"foo\":1}").status()).isEqualTo(400);
  }

  @Test
  void aBatchIsAnsweredWithAnArrayUnderTheOneVersionThatHasThem() throws Exception {
    RawHttp.Answer answer = send(AUTH + "MCP-Protocol-Version: 2025-03-26\r\n", "[" + TOOLS + ","
        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},{\"jsonrpc\":\"2.0\",\"id\":9,"
        + "\"method\":\"ping\"},{\"foo\":1}]");
    assertThat(answer.status()).isEqualTo(200);
    JsonNode answers = new ObjectMapper().readTree(answer.body());
    assertThat(answers.isArray()).isTrue();
    assertThat(answers).hasSize(3);
    assertThat(answers.get(0).at("/result/tools").isArray()).isTrue();
    assertThat(answers.get(1).get("id").asInt()).isEqualTo(9);
    assertThat(answers.get(2).at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(send(AUTH + "MCP-Protocol-Version: 2025-03-26\r\n",
        "[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]").status()).isEqualTo(202);
  }

  @Test
  void eightParallelCallsAreAllAnswered() throws Exception {
    List<String> recalls = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      recalls.add("{\"jsonrpc\":\"2.0\",\"id\":" + (100 + i) + ",\"method\":\"tools/call\",\"params\":"
          + "{\"name\":\"recall\",\"arguments\":{\"query\":\"deploy " + i + "\"}}}");
    }
    List<RawHttp.Answer> answers = sendAtOnce(recalls);
    for (int i = 0; i < 8; i++) {
      RawHttp.Answer a = answers.get(i);
      assertThat(a.status()).isEqualTo(200);
      assertThat(JSON.readTree(a.body()).path("id").asInt()).isEqualTo(100 + i);
    }
  }

  @Test
  void eightParallelWritesAreAllAnsweredAndAllKept() throws Exception {
    List<String> remembers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      remembers.add("{\"jsonrpc\":\"2.0\",\"id\":" + (200 + i) + ",\"method\":\"tools/call\",\"params\":"
          + "{\"name\":\"remember\",\"arguments\":{\"type\":\"project\",\"name\":\"rule " + i + "\","
          + "\"description\":\"rule number " + i + "\",\"body\":\"Rule " + i + " of the deploy checklist.\"}}}");
    }
    List<RawHttp.Answer> answers = sendAtOnce(remembers);
    for (int i = 0; i < 8; i++) {
      RawHttp.Answer a = answers.get(i);
      assertThat(a.status()).isEqualTo(200);
      JsonNode json = JSON.readTree(a.body());
      assertThat(json.path("id").asInt()).isEqualTo(200 + i);
      assertThat(json.at("/result/isError").asBoolean()).as(a.body()).isFalse();
    }
    String list = "{\"jsonrpc\":\"2.0\",\"id\":300,\"method\":\"tools/call\",\"params\":"
        + "{\"name\":\"list\",\"arguments\":{}}}";
    String listed = send(AUTH, list).body();
    for (int i = 0; i < 8; i++) {
      assertThat(listed).containsAnyOf("rule-" + i, "rule " + i);
    }
  }

  /** Each body posted on a thread of its own, all at once; the answers in the bodies' order. */
  private List<RawHttp.Answer> sendAtOnce(List<String> bodies) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(bodies.size());
    try {
      List<Callable<RawHttp.Answer>> calls = new ArrayList<>();
      for (String body : bodies) {
        calls.add(() -> send(AUTH, body));
      }
      List<RawHttp.Answer> answers = new ArrayList<>();
      for (Future<RawHttp.Answer> answer : pool.invokeAll(calls, 60, TimeUnit.SECONDS)) {
        answers.add(answer.get());
      }
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aBodyOver4MiBGets413() throws Exception {
    String big = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(4 * 1024 * 1024)
        + "\"}}";
    // A client that waits for 100 Continue is told 413 before it sends a byte of the body; one that sends it at
    // once is refused as early (it may see the connection closed while it still writes).
    String head = RawHttp.post(AUTH + "Expect: 100-continue\r\n", big);
    assertThat(RawHttp.exchange(server.address(), head.substring(0, head.indexOf("\r\n\r\n") + 4)).status())
        .isEqualTo(413);
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(server.address(), 2_000);
      s.setSoTimeout(5_000);
      try {
        s.getOutputStream().write(RawHttp.post(AUTH, big).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      } catch (java.io.IOException closedEarly) {
        // refused before the whole body was taken
      }
      assertThat(RawHttp.readOrEmpty(s.getInputStream()).status()).isIn(413, 0);
    }
    String declared = "POST /mcp HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: 99999999999\r\n\r\n";
    assertThat(RawHttp.exchange(server.address(), declared).status()).isEqualTo(413);
  }

  @Test
  void chunkedBodiesAndExpectContinueAreServed() throws Exception {
    String chunked = "POST /mcp HTTP/1.1\r\nHost: x\r\n" + AUTH + "Transfer-Encoding: chunked\r\n\r\n"
        + Integer.toHexString(10) + "\r\n" + INIT.substring(0, 10) + "\r\n"
        + Integer.toHexString(INIT.length() - 10) + ";ext=1\r\n" + INIT.substring(10) + "\r\n0\r\n\r\n";
    RawHttp.Answer answer = RawHttp.exchange(server.address(), chunked);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).contains("serverInfo");
    // A client that waits for 100 Continue before it sends the body gets it once the gate let the request in.
    String post = RawHttp.post(AUTH + "Expect: 100-continue\r\n", INIT);
    int headEnd = post.indexOf("\r\n\r\n") + 4;
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(server.address(), 2_000);
      s.setSoTimeout(5_000);
      s.getOutputStream().write(post.substring(0, headEnd).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      byte[] interim = new byte[25];
      int n = s.getInputStream().readNBytes(interim, 0, interim.length);
      assertThat(new String(interim, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("HTTP/1.1 100 ");
      s.getOutputStream().write(post.substring(headEnd).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      assertThat(RawHttp.read(s.getInputStream()).body()).contains("serverInfo");
    }
  }

  @Test
  void aToolCallThatAsksForProgressIsAnsweredAsAStreamExceptToTheRelay() throws Exception {
    String call = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"list\","
        + "\"arguments\":{\"limit\":1},\"_meta\":{\"progressToken\":\"p1\"}}}";
    assertThat(send(AUTH, call).head()).containsIgnoringCase("content-type: text/event-stream");
    RawHttp.Answer relayed = send(AUTH + "Engram-Relay: stdio\r\n", call);
    assertThat(relayed.head()).containsIgnoringCase("content-type: application/json");
    assertThat(JSON.readTree(relayed.body()).get("id").asInt()).isEqualTo(4);
  }

  @Test
  void aWeakTokenIsRefusedWithHowToMakeAStrongOne() {
    for (String weak : List.of("a", "tok-123", "0123456789abcdef0123456789abcdef", "a".repeat(64),
        "0123456789abcdef".repeat(4))) {
      assertThatThrownBy(() -> EngramMcpServer.serveHttp(TestServerMain.engram(home, project),
          new InetSocketAddress("127.0.0.1", 0), weak, "test").close())
          .as(weak)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("openssl rand -base64 32")
          .hasMessageNotContaining(weak.length() > 3 ? weak : "\u0000");
    }
  }

  private RawHttp.Answer send(String headers, String body) throws Exception {
    return RawHttp.exchange(server.address(), RawHttp.post(headers, body));
  }

  private static void assertError(RawHttp.Answer answer, int code) throws Exception {
    JsonNode json = JSON.readTree(answer.body());
    assertThat(json.path("error").path("code").asInt()).as(answer.body()).isEqualTo(code);
    assertThat(answer.body()).doesNotContain("Exception", "jackson", "io.modelcontextprotocol", ".java:");
  }
}
