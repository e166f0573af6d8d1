package io.engram.cli.integration;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.service.EngramService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram daemon status}, against a service running in this JVM. */
class DaemonCommandTest {
  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path user;
  private EngramService service;

  @AfterEach
  void close() {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void statusSaysPidUptimeAddressesProjectsAndMemoryAsTextAndJson() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    service = EngramService.start(home, user, Map.of(), "test", line -> { });

    CommandRun json = CommandRun.in(home, project, "daemon", "status", "--json");
    assertThat(json.exitCode()).as(json.err()).isZero();
    JsonNode status = new ObjectMapper().readTree(json.out()).path("status");
    assertThat(status.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    assertThat(status.has("uptimeSeconds")).isTrue();
    assertThat(status.path("addresses").path("hooks").asText()).startsWith("http://127.0.0.1:");
    assertThat(status.path("addresses").path("mcp").asText()).startsWith("http://127.0.0.1:").endsWith("/mcp");
    assertThat(status.path("projects").isArray()).isTrue();
    assertThat(status.path("memory").path("heapUsedMiB").asLong()).isPositive();
    assertThat(status.path("idleExitSeconds").asLong()).isEqualTo(1_800);

    CommandRun text = CommandRun.in(home, project, "daemon", "status");
    assertThat(text.out()).contains("pid " + ProcessHandle.current().pid(), "up ", "MCP (streamable HTTP)",
        "memory:", "projects served: 0");

    // 'daemon stop' waits for the service's process to end: ServiceThroughLauncherProcessTest runs it on a real one.
    service.close();
    CommandRun after = CommandRun.in(home, project, "daemon", "status");
    assertThat(after.exitCode()).isEqualTo(1);
    assertThat(after.out()).contains("no engram service runs");
  }
}
