package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.http.EngramHttpServer;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.McpHttpHandler;
import io.engram.mcp.transport.McpProtocol;
import io.engram.mcp.transport.OriginPolicy;
import io.engram.mcp.transport.StdioTransport;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Engram's MCP server: tools {@code recall}, {@code remember}, {@code forget}, {@code restore}, {@code list},
 * {@code context}, {@code history}, {@code compact}, {@code dream} and {@code inbox}; prompts and completions
 * ({@link EngramPrompts}); every memory as a resource ({@code memory://<project-key>/<name>},
 * {@code memory://user/<name>}). The tools and resources are the MCP Java SDK's stateless server; what is
 * on the wire (stdio, streamable HTTP) is {@link io.engram.mcp.transport}'s, which answers
 * {@code initialize} before the SDK and the memory store are loaded. Every tool
 * answer, error message and resource text passes through the secret redactor ({@link RedactedValues}).
 */
public final class EngramMcpServer {
  static {
    // The SDK logs through SLF4J; with no provider on the class path SLF4J would print a warning.
    System.setProperty("slf4j.internal.verbosity", "ERROR");
  }

  private EngramMcpServer() {}

  /**
   * How the HTTP server listens and whom it serves.
   *
   * @param bind the address and port (0: any free port)
   * @param token the bearer token every request must carry
   * @param origins the browser origins it serves besides loopback ones
   * @param limits the server's bounds (connections, read times, sizes)
   * @param mcp the MCP bounds (pages, how often to look for changes made by other processes)
   */
  public record HttpOptions(InetSocketAddress bind, BearerToken token, OriginPolicy origins,
      HttpSettings limits, McpSettings mcp) {
    /** Options with the default MCP bounds. */
    public HttpOptions(InetSocketAddress bind, BearerToken token, OriginPolicy origins, HttpSettings limits) {
      this(bind, token, origins, limits, McpSettings.DEFAULTS);
    }
  }

  /**
   * Serves MCP over {@code in}/{@code out} until {@code in} ends; returns then. Nothing else may write
   * to {@code out}; problems go to stderr.
   */
  public static void serveStdio(Engram engram, InputStream in, OutputStream out, String version)
      throws IOException, InterruptedException {
    serveStdio(() -> engram, in, out, version, McpSettings.DEFAULTS, EngramMcpServer::toStderr);
  }

  /**
   * Serves MCP over {@code in}/{@code out} until {@code in} ends. {@code engram} is asked for on the
   * first request that needs the memory (or once the client says it is initialized), so {@code initialize}
   * is answered without waiting for the store, the tokenizer or the SDK to load.
   */
  public static void serveStdio(Supplier<Engram> engram, InputStream in, OutputStream out, String version,
      McpSettings limits, Consumer<String> log) throws IOException, InterruptedException {
    AtomicReference<McpStatelessSyncServer> built = new AtomicReference<>();
    McpProtocol protocol = new McpProtocol(SdkServer.identity(version), () -> {
      SdkServer b = SdkServer.of(engram.get(), version, limits);
      built.set(b.server());
      return b.sdk();
    }, log, limits.changeCheckMillis());
    try {
      StdioTransport.serve(protocol, in, out, limits, log);
    } finally {
      McpStatelessSyncServer server = built.get();
      if (server != null) {
        server.close();
      }
    }
  }

  /** A running HTTP server; {@link #close()} stops it. */
  public static final class Http implements AutoCloseable {
    private final Runnable closeServers;
    private final EngramHttpServer server;

    private Http(Runnable closeServers, EngramHttpServer server) {
      this.closeServers = closeServers;
      this.server = server;
    }

    /** The address it listens on (the real port when 0 was asked for). */
    public InetSocketAddress address() {
      return server.address();
    }

    /** The endpoint path ({@code /mcp}). */
    public String endpoint() {
      return McpHttpHandler.ENDPOINT;
    }

    @Override
    public void close() {
      server.close();
      closeServers.run();
    }
  }

  /**
   * Starts serving MCP over streamable HTTP at {@code bind}, loopback origins only, default bounds;
   * requests must carry {@code token}, which must be strong (see {@link BearerToken#of}).
   */
  public static Http serveHttp(Engram engram, InetSocketAddress bind, String token, String version)
      throws IOException {
    return serveHttp(engram, new HttpOptions(bind, BearerToken.of(token, McpSettings.DEFAULTS.minTokenBits()),
        OriginPolicy.loopbackAnd(List.of()), HttpSettings.DEFAULTS), version, EngramMcpServer::toStderr);
  }

  /** Starts serving MCP over streamable HTTP as {@code options} say; problems go to {@code log}. */
  public static Http serveHttp(Engram engram, HttpOptions options, String version, Consumer<String> log)
      throws IOException {
    SdkServer built = SdkServer.of(engram, version, options.mcp());
    McpProtocol protocol = new McpProtocol(SdkServer.identity(version), built::sdk, log, options.mcp().changeCheckMillis());
    protocol.warmUp();
    EngramHttpServer server = EngramHttpServer.builder().bind(options.bind()).limits(options.limits()).log(log)
        .name("engram-mcp-http").route(McpHttpHandler.ENDPOINT, options.mcp().maxMessageBytes(),
            new McpHttpHandler(header -> protocol, options.token(), options.origins()))
        .start();
    return new Http(built.server()::close, server);
  }

  /** The header a request to a server of many projects names its project in (an absolute directory). */
  public static final String PROJECT_HEADER = "Engram-Project";

  /**
   * MCP over streamable HTTP for any number of projects (the resident service), as a handler to mount at
   * {@link McpHttpHandler#ENDPOINT}: each request names its project's directory in the {@value #PROJECT_HEADER}
   * header; {@code engram} opens that project's memory and tools the first time it is named (after
   * {@code initialize}, which is answered from fixed data), and they are kept for the later requests.
   */
  public static final class ForProjects implements AutoCloseable {
    private final Map<Path, McpProtocol> protocols = new ConcurrentHashMap<>();
    private final List<McpStatelessSyncServer> servers = new CopyOnWriteArrayList<>();
    private final McpHttpHandler handler;

    /** Projects' tools from {@code engram}, for callers with {@code token}; problems go to {@code log}. */
    public ForProjects(Function<Path, Engram> engram, BearerToken token, String version,
        Consumer<String> log) {
      this.handler = new McpHttpHandler(header -> {
        Path project = projectOf(header.apply(PROJECT_HEADER));
        return protocols.computeIfAbsent(project, p -> new McpProtocol(SdkServer.identity(version), () -> {
          SdkServer b = SdkServer.of(engram.apply(p), version, McpSettings.DEFAULTS);
          servers.add(b.server());
          return b.sdk();
        }, log));
      }, token, OriginPolicy.loopbackAnd(List.of()));
    }

    /** The handler to mount at {@link McpHttpHandler#ENDPOINT}. */
    public McpHttpHandler handler() {
      return handler;
    }

    /** Closes every project's tools. */
    @Override
    public void close() {
      servers.forEach(McpStatelessSyncServer::close);
    }
  }

  private static Path projectOf(List<String> values) {
    if (values.size() != 1 || values.get(0).isBlank()) {
      throw new IllegalArgumentException("name the project: send the header " + PROJECT_HEADER
          + ": <the project's absolute directory> (once)");
    }
    Path project;
    try {
      project = Path.of(values.get(0).strip());
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(PROJECT_HEADER + " is not a path: " + e.getMessage());
    }
    if (!project.isAbsolute() || !Files.isDirectory(project)) {
      throw new IllegalArgumentException(PROJECT_HEADER + " must be an existing absolute directory, was '"
          + values.get(0) + "'");
    }
    return project.normalize();
  }

  /** A random 32-byte bearer token, hex. */
  public static String newToken() {
    return BearerToken.generate().reveal();
  }

  private static void toStderr(String line) {
    System.err.println("engram mcp: " + line);
  }
}
