package io.engram.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MCP over streamable HTTP in the resident service: one endpoint, every project, the service's token. */
class ServiceMcpTest {
  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path user;
  private final List<String> log = new ArrayList<>();
  private final HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
  private EngramService service;

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  private HttpResponse<String> post(String body, Map<String, String> headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(service.info().mcpUrl()))
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aProjectsMemoryIsRecalledOverMcpWithTheServicesTokenAndTheProjectNamedInAHeader() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    MemoryStores.open(new EngramRoots(home, user, project), EngramSettings.DEFAULTS).write(
        Memory.of("test-database", MemoryType.PROJECT, "How the tests reach the database",
            "The integration tests need Postgres on port 5433.\n"));
    service = EngramService.start(home, user, Map.of(), "test", line -> {
      synchronized (log) {
        log.add(line);
      }
    });
    String token = "Bearer " + Files.readString(home.resolve("service/token")).strip();
    String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
        + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    String recall = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"recall\","
        + "\"arguments\":{\"query\":\"which port does postgres use in the integration tests\"}}}";

    assertThat(service.info().mcpUrl()).isEqualTo(service.info().url() + "/mcp"); // one port for all
    assertThat(post(initialize, Map.of()).statusCode()).isEqualTo(401);
    HttpResponse<String> unnamed = post(recall, Map.of("Authorization", token));
    assertThat(unnamed.statusCode()).isEqualTo(400);
    assertThat(unnamed.body()).contains("Engram-Project");
    HttpResponse<String> relative = post(recall, Map.of("Authorization", token, "Engram-Project", "some/dir"));
    assertThat(relative.statusCode()).isEqualTo(400);

    Map<String, String> named = Map.of("Authorization", token, "Engram-Project", project.toString(),
        "MCP-Protocol-Version", "2025-06-18");
    HttpResponse<String> init = post(initialize, named);
    assertThat(init.statusCode()).isEqualTo(200);
    assertThat(init.body()).contains("\"serverInfo\"", "engram");
    HttpResponse<String> found = post(recall, named);
    assertThat(found.statusCode()).isEqualTo(200);
    assertThat(found.body()).contains("5433");
    assertThat(service.status().addresses().mcp()).isEqualTo(service.info().mcpUrl());
    assertThat(service.status().projects()).extracting(ServiceStatus.Project::dir)
        .contains(project.toAbsolutePath().normalize().toString());
  }

  @Test
  void theNextServiceListensOnTheSamePortSoAnMcpClientsUrlKeepsWorking() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    service = EngramService.start(home, user, Map.of(), "test", line -> { });
    String url = service.info().mcpUrl();
    service.close();
    service = EngramService.start(home, user, Map.of(), "test", line -> { });
    assertThat(service.info().mcpUrl()).isEqualTo(url);
  }
}
