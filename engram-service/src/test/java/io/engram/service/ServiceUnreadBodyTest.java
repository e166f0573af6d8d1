package io.engram.service;

import io.engram.http.UnreadBodyContract;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The resident service on engram-http: a hook's POST without the service's token is refused (401) before its body
 * is read; the MCP endpoint and the web UI it mounts keep the contract in their own modules' tests.
 */
class ServiceUnreadBodyTest extends UnreadBodyContract {
  private String authorization;

  @Override
  protected Served start(Path dir) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    EngramService service = EngramService.start(home, Files.createDirectories(dir.resolve("user")), Map.of(), "test",
        line -> { });
    authorization = "Bearer " + Files.readString(home.resolve("service/token")).strip();
    return new Served(URI.create(service.info().url()), service);
  }

  @Override
  protected HttpRequest refusedBeforeItsBody(URI base, HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(base.resolve("/hook/Stop")).header("Content-Type", "application/json").POST(body)
        .build();
  }

  @Override
  protected HttpRequest answered(URI base) {
    return HttpRequest.newBuilder(base.resolve("/status")).header("Authorization", authorization).GET().build();
  }
}
