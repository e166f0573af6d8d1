package io.engram.mcp;

import io.engram.http.UnreadBodyContract;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;

/** MCP's HTTP transport on engram-http: a POST without the bearer token is refused (401) before its body is read. */
class McpHttpUnreadBodyTest extends UnreadBodyContract {
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @Override
  protected Served start(Path dir) throws Exception {
    EngramMcpServer.Http server = EngramMcpServer.serveHttp(TestServerMain.engram(
        Files.createDirectories(dir.resolve("home")), Files.createDirectories(dir.resolve("project"))),
        new InetSocketAddress("127.0.0.1", 0), TestServerMain.TOKEN, "test");
    return new Served(URI.create("http://127.0.0.1:" + server.address().getPort() + server.endpoint()), server);
  }

  @Override
  protected HttpRequest refusedBeforeItsBody(URI base, HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(base).header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream").POST(body).build();
  }

  @Override
  protected HttpRequest answered(URI base) {
    return HttpRequest.newBuilder(base).header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream").header("Authorization", "Bearer " + TestServerMain.TOKEN)
        .POST(HttpRequest.BodyPublishers.ofString(INIT)).build();
  }
}
