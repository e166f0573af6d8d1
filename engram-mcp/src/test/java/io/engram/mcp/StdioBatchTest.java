package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON-RPC batches over stdio: a client that negotiated 2025-03-26, whose servers must accept them, gets one line
 * with the array of answers; under a later version, which removed them, the batch is one -32600 error.
 */
class StdioBatchTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;
  @TempDir Path project;

  @ParameterizedTest
  @ValueSource(strings = {"2025-03-26", "2025-06-18", "2025-11-25"})
  void aBatchIsAnsweredOnlyUnderTheVersionThatHasThem(String version) throws Exception {
    StdioPipe pipe = new StdioPipe();
    Engram engram = TestServerMain.engram(home, project);
    Thread server = new Thread(() -> {
      try {
        EngramMcpServer.serveStdio(engram, pipe.in, pipe.out, "test");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, "stdio-batch-server");
    server.setDaemon(true);
    server.start();
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
        + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
    assertThat(next(pipe).at("/result/protocolVersion").asText()).isEqualTo(version);
    pipe.send("[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"method\":"
        + "\"notifications/initialized\"},{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"no/such\"}]");
    JsonNode answer = next(pipe);
    if (version.equals("2025-03-26")) {
      assertThat(answer.isArray()).as("%s", answer).isTrue();
      assertThat(answer).hasSize(2);
      assertThat(answer.get(0).get("id").asInt()).isEqualTo(2);
      assertThat(answer.get(1).at("/error/code").asInt()).isEqualTo(-32601);
      pipe.send("[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
          + version + "\"}}]");
      assertThat(next(pipe).at("/error/message").asText()).contains("initialize must not be part of a batch");
    } else {
      assertThat(answer.at("/error/code").asInt()).as("%s", answer).isEqualTo(-32600);
      assertThat(answer.at("/error/message").asText()).contains("2025-03-26 only", version);
    }
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}");
    assertThat(next(pipe).get("id").asInt()).isEqualTo(5);
    pipe.endInput();
    server.join(10_000);
  }

  private static JsonNode next(StdioPipe pipe) throws Exception {
    Optional<String> line = pipe.next(Duration.ofSeconds(20));
    assertThat(line).isPresent();
    return JSON.readTree(line.get());
  }
}
