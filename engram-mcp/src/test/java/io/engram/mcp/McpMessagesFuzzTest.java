package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.McpSettings;
import io.engram.testing.FuzzChecks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP stdio server, tools and store included, given any bytes as its input: it reaches the end of the
 * input and returns, and everything it wrote is JSON-RPC 2.0, one message a line, a result or an error
 * without an exception's or a class's name in it.
 */
class McpMessagesFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path home;
  private static Engram engram;

  @BeforeAll
  static void openTheServices() throws Exception {
    engram = TestServerMain.engram(home, Files.createDirectories(home.resolve("project")));
    // The first remember and recall load the embedding model and open the index: seconds on a busy machine, which
    // the first input that remembers or recalls paid inside its hang limit. Paid here, each input's time is its own.
    String warmUp = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"remember\","
        + "\"arguments\":{\"name\":\"warm-up\",\"type\":\"project\",\"description\":\"d\",\"body\":\"tests need redis\"}}}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"recall\","
        + "\"arguments\":{\"query\":\"what do the tests need\"}}}\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    EngramMcpServer.serveStdio(() -> engram, new ByteArrayInputStream(warmUp.getBytes(StandardCharsets.UTF_8)), out,
        "warm-up", McpSettings.DEFAULTS, line -> {});
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"id\":2").doesNotContain("\"error\"");
  }

  @FuzzTest(maxDuration = FuzzChecks.DURATION)
  @Timeout(value = FuzzChecks.HANG_SECONDS, unit = TimeUnit.SECONDS)
  @DictionaryEntries({"{\"jsonrpc\":\"2.0\",", "\"id\":", "\"method\":", "\"params\":", "\"initialize\"",
      "\"tools/list\"", "\"tools/call\"", "\"resources/list\"", "\"resources/read\"", "\"ping\"",
      "\"notifications/initialized\"", "\"name\":", "\"arguments\":", "\"recall\"", "\"remember\"", "\"list\"",
      "\"forget\"", "\"context\"", "\"query\":", "\"uri\":", "\"memory://user/x\"", "\"cursor\":",
      "\"protocolVersion\":\"2025-06-18\"", "\"capabilities\":{}", "null", "[", "]", "}"})
  void everyLineGetsItsAnswerAndTheServerReachesTheEnd(byte[] input) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<String> log = new ArrayList<>();
    EngramMcpServer.serveStdio(() -> engram, new ByteArrayInputStream(input), out, "fuzz",
        McpSettings.DEFAULTS, line -> {
          synchronized (log) {
            log.add(line);
          }
        });
    String written = out.toString(StandardCharsets.UTF_8);
    assertThat(written).doesNotContain("Exception", "jackson", "io.engram.", "java.lang");
    for (String line : written.lines().toList()) {
      JsonNode message = JSON.readTree(line);
      assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
      if (message.path("method").asText().startsWith("notifications/resources/")) {
        assertThat(message.has("id")).as("a notification has no id: " + line).isFalse();
        continue; // the store changed (a fuzzed remember or forget): the server says so
      }
      assertThat(message.has("result") != message.has("error")).as(line).isTrue();
      assertThat(message.has("id")).as(line).isTrue();
    }
  }
}
