package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The stdio server against what a broken or hostile client writes, in process: each bad line gets the
 * JSON-RPC error the spec names and the next request is still answered; the server never asks the client
 * for roots; the end of input ends the server.
 */
class StdioMalformedInputTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @TempDir Path home;
  @TempDir Path project;

  private StdioPipe pipe;
  private Thread server;
  private final AtomicReference<Throwable> failed = new AtomicReference<>();

  @BeforeEach
  void start() throws Exception {
    pipe = new StdioPipe();
    Engram engram = TestServerMain.engram(home, project);
    server = new Thread(() -> {
      try {
        EngramMcpServer.serveStdio(engram, pipe.in, pipe.out, "test");
      } catch (Throwable e) {
        failed.set(e);
      }
    }, "stdio-server-under-test");
    server.setDaemon(true);
    server.start();
    pipe.send(INIT);
    assertThat(answer().path("result").path("serverInfo").path("name").asText()).isEqualTo("engram");
    pipe.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @AfterEach
  void stop() throws Exception {
    pipe.endInput();
    server.join(10_000);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "truncated JSON | {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/li | -32700 | ",
      "plain words | hello world | -32700 | ",
      "a batch | [{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}] | -32600 | ",
      "an empty batch | [] | -32600 | ",
      "a null id | {\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"} | -32600 | ",
      "an object without method | {\"foo\":1} | -32600 | ",
      "a bare string | `\"ping\"` | -32600 | ",
      "a fractional id | {\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"} | -32600 | ",
      "an object id | {\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"} | -32600 | ",
      "JSON-RPC 1.0 | {\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"} | -32600 | 7",
      "no jsonrpc member | {\"id\":8,\"method\":\"ping\"} | -32600 | 8",
      "a numeric method | {\"jsonrpc\":\"2.0\",\"id\":9,\"method\":42} | -32600 | 9",
      "string params | {\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":\"x\"} | -32600 | 10",
      "array params | {\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":[1]} | -32602 | 11",
      "tools/call without a name | {\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{}} | -32602 | 12",
      "a bogus cursor | {\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"}} | -32602 | 13",
      "an unknown method | {\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"no/such\"} | -32601 | 14",
      "two messages on a line | {\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"ping\"} {} | -32700 | "})
  void everyMalformedLineGetsItsErrorAndTheNextRequestIsAnswered(String what, String line, int code, Integer id)
      throws Exception {
    pipe.send(line);
    JsonNode error = answer();
    assertThat(error.path("error").path("code").asInt()).as(what).isEqualTo(code);
    assertThat(error.has("id")).isTrue();
    if (id == null) {
      assertThat(error.get("id").isNull()).as("id of the answer to %s", what).isTrue();
    } else {
      assertThat(error.get("id").asInt()).isEqualTo(id);
    }
    assertThat(error.toString()).doesNotContain("Exception", "jackson", "io.modelcontextprotocol");
    assertServing(100);
  }

  @Test
  void bytesThatAreNotUtf8GetAParseErrorAndTheServerGoesOn() throws Exception {
    pipe.sendRaw(new byte[] {'{', '"', (byte) 0xff, (byte) 0xfe, 0, 1, '"', ':', '1', '}', '\n'});
    assertThat(answer().path("error").path("code").asInt()).isEqualTo(-32700);
    pipe.sendRaw("[".repeat(5_000).getBytes(StandardCharsets.UTF_8));
    pipe.send("");
    assertThat(answer().path("error").path("code").asInt()).isEqualTo(-32700);
    assertServing(101);
  }

  @Test
  void manyBadLinesInARowEachGetOneAnswer() throws Exception {
    for (int i = 0; i < 50; i++) {
      pipe.send(i % 2 == 0 ? "hello " + i : "{\"id\":" + i + "}");
    }
    for (int i = 0; i < 50; i++) {
      assertThat(answer().path("error").path("code").asInt()).isIn(-32700, -32600);
    }
    assertServing(102);
  }

  @Test
  void theServerNeverAsksAClientForRootsItDidNotDeclareAndAnErrorReplyStopsNothing() throws Exception {
    pipe.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"ping\"}");
    List<String> askedOfClient = new ArrayList<>();
    JsonNode pong = answerAnsweringServerRequests(askedOfClient);
    assertThat(pong.path("id").asInt()).isEqualTo(20);
    assertThat(askedOfClient).as("requests the server sent to a client without capabilities").isEmpty();
    // what the official TypeScript client sends back for a request it has no handler for
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
    assertServing(103);
    assertThat(askedOfClient).isEmpty();
  }

  @Test
  void theEndOfInputEndsTheServerAfterABadLine() throws Exception {
    pipe.send("hello world");
    assertThat(answer().path("error").path("code").asInt()).isEqualTo(-32700);
    pipe.endInput();
    server.join(5_000);
    assertThat(server.isAlive()).as("server still running 5 s after its input ended").isFalse();
    assertThat(failed.get()).isNull();
  }

  @Test
  void aRequestJustBeforeTheEndOfInputIsStillAnswered() throws Exception {
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":30,\"method\":\"tools/list\"}");
    pipe.endInput();
    JsonNode tools = answer();
    assertThat(tools.path("id").asInt()).isEqualTo(30);
    assertThat(tools.path("result").path("tools").size()).isEqualTo(10);
  }

  private void assertServing(int id) throws Exception {
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
    JsonNode tools = answer();
    assertThat(tools.path("id").asInt()).as("answer to the request after the bad input").isEqualTo(id);
    assertThat(tools.path("result").path("tools").findValuesAsText("name")).contains("recall", "remember");
  }

  private JsonNode answer() throws Exception {
    Optional<String> line = pipe.next(WAIT);
    assertThat(line).as("an answer within %s", WAIT).isPresent();
    return JSON.readTree(line.get());
  }

  /** The next answer, replying to any request of the server's as a client without that capability does. */
  private JsonNode answerAnsweringServerRequests(List<String> asked) throws Exception {
    while (true) {
      JsonNode m = answer();
      if (!m.has("method")) {
        return m;
      }
      asked.add(m.path("method").asText());
      pipe.send("{\"jsonrpc\":\"2.0\",\"id\":" + m.get("id") + ",\"error\":{\"code\":-32601,\"message\":"
          + "\"Method not found\"}}");
    }
  }
}
