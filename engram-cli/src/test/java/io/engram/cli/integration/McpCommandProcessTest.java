package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.EngramCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram mcp} in its own process: stdout carries nothing but JSON-RPC, and the tools are there. */
class McpCommandProcessTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void stdioModeWritesOnlyProtocolMessagesToStdout() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Process p = new ProcessBuilder(java, "-cp", classpath, EngramCommand.class.getName(), "--home", home.toString(),
        "--project", project.toString(), "mcp").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
          + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      List<JsonNode> replies = new ArrayList<>();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      ObjectMapper json = new ObjectMapper();
      while (replies.size() < 2) {
        String line = out.readLine();
        assertThat(line).as("server closed stdout early").isNotNull();
        JsonNode node = json.readTree(line);
        assertThat(node.get("jsonrpc").asText()).isEqualTo("2.0");
        replies.add(node);
      }
      JsonNode tools = replies.stream().filter(r -> r.path("id").asInt() == 2).findFirst().orElseThrow();
      List<String> names = new ArrayList<>();
      tools.at("/result/tools").forEach(t -> names.add(t.get("name").asText()));
      assertThat(names).containsExactlyInAnyOrder("recall", "remember", "forget", "list", "context", "compact");
    }
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("server exits when stdin closes").isTrue();
    assertThat(p.exitValue()).isZero();
  }
}
