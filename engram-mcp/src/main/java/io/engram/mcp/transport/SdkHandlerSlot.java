package io.engram.mcp.transport;

import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Where the SDK's stateless server puts its request handler when it is built: the SDK does the tools and
 * resources, {@link McpProtocol} and the transports here do everything on the wire.
 */
public final class SdkHandlerSlot implements McpStatelessServerTransport {
  private volatile McpStatelessServerHandler handler;

  @Override
  public void setMcpHandler(McpStatelessServerHandler handler) {
    this.handler = handler;
  }

  /** The handler, once the server is built. */
  public Optional<McpStatelessServerHandler> handler() {
    return Optional.ofNullable(handler);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.empty();
  }

  @Override
  public List<String> protocolVersions() {
    return McpProtocol.VERSIONS;
  }
}
