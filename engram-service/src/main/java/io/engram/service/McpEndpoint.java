package io.engram.service;

import io.engram.Engram;
import io.engram.config.McpSettings;
import io.engram.mcp.EngramMcpServer;
import io.engram.mcp.transport.BearerToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * MCP over streamable HTTP in the service, for every project: {@code claude mcp add --transport http} reaches
 * a warm server (the embedding model already loaded, parsed memories shared with the hooks). It is engram-mcp's
 * handler mounted at {@code /mcp} on the service's one port, with the service's token; each request names its
 * project in the {@code Engram-Project} header, and a project's tools are opened the first time it is named.
 */
final class McpEndpoint {
  private McpEndpoint() {}

  /** The handler for every project's MCP, with the service's token. */
  static EngramMcpServer.ForProjects forProjects(HookRunners runners, ServiceToken token, String version,
      Consumer<String> log) {
    return new EngramMcpServer.ForProjects(project -> engram(runners, project),
        BearerToken.of(token.value(), McpSettings.DEFAULTS.minTokenBits()), version,
        line -> log.accept("mcp: " + line));
  }

  private static Engram engram(HookRunners runners, Path project) {
    try {
      return runners.engram(project, "mcp", Runnable::run);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the memory of " + project + ": " + e.getMessage(), e);
    }
  }
}
