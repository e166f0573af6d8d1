package io.engram.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Engram's MCP server on the official MCP Java SDK: tools {@code recall}, {@code remember},
 * {@code forget}, {@code list}, {@code context}, {@code compact}; every memory as a resource
 * ({@code memory://<project-key>/<name>}, {@code memory://user/<name>}). Over stdio it is the SDK's
 * single-session server; over HTTP the SDK's stateless server on {@link JdkHttpTransport}. Every tool answer,
 * error message and resource text passes through the secret redactor ({@link RedactedValues}) on its way out.
 */
public final class EngramMcpServer {
  static {
    // The SDK logs through SLF4J; with no provider on the class path SLF4J would print a warning.
    System.setProperty("slf4j.internal.verbosity", "ERROR");
  }

  private static final String NAME = "engram";

  private EngramMcpServer() {}

  /**
   * Serves MCP over {@code in}/{@code out} until {@code in} ends; returns then. Nothing else may write
   * to {@code out}.
   */
  public static void serveStdio(EngramServices services, InputStream in, OutputStream out, String version)
      throws InterruptedException {
    CountDownLatch ended = new CountDownLatch(1);
    InputStream watched = new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        return seen(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return seen(super.read(b, off, len));
      }

      private int seen(int n) {
        if (n < 0) {
          ended.countDown();
        }
        return n;
      }
    };
    McpJsonMapper json = McpJsonDefaults.getMapper();
    Features features = new Features(services);
    McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(json, watched, out))
        .serverInfo(NAME, version)
        .capabilities(capabilities())
        .instructions(INSTRUCTIONS)
        .tools(features.tools.stream().map(t -> new McpServerFeatures.SyncToolSpecification(
            tool(json, t), (exchange, request) -> features.call(t, request.arguments()))).toList())
        .resourceTemplates(new McpServerFeatures.SyncResourceTemplateSpecification(
            template(), (exchange, request) -> features.read(request.uri())))
        .build();
    features.onChange = () -> sync(features, server::listResources, server::addResource, server::removeResource,
        r -> new McpServerFeatures.SyncResourceSpecification(r, (exchange, request) -> features.read(request.uri())));
    features.onChange.run();
    ended.await();
    server.closeGracefully();
  }

  /** A running HTTP server; {@link #close()} stops it. */
  public static final class Http implements AutoCloseable {
    private final McpStatelessSyncServer server;
    private final JdkHttpTransport transport;

    private Http(McpStatelessSyncServer server, JdkHttpTransport transport) {
      this.server = server;
      this.transport = transport;
    }

    /** The address it listens on (the real port when 0 was asked for). */
    public InetSocketAddress address() {
      return transport.address();
    }

    /** The endpoint path ({@code /mcp}). */
    public String endpoint() {
      return JdkHttpTransport.ENDPOINT;
    }

    @Override
    public void close() {
      server.close();
      transport.closeGracefully().block();
    }
  }

  /** Starts serving MCP over streamable HTTP at {@code bind}; requests must carry {@code token}. */
  public static Http serveHttp(EngramServices services, InetSocketAddress bind, String token, String version)
      throws IOException {
    if (token.isBlank()) {
      throw new IllegalArgumentException("the HTTP transport needs a non-empty bearer token");
    }
    McpJsonMapper json = McpJsonDefaults.getMapper();
    JdkHttpTransport transport = new JdkHttpTransport(json, bind, token);
    Features features = new Features(services);
    McpStatelessSyncServer server = McpServer.sync(transport)
        .serverInfo(NAME, version)
        .capabilities(capabilities())
        .instructions(INSTRUCTIONS)
        .tools(features.tools.stream().map(t -> new McpStatelessServerFeatures.SyncToolSpecification(
            tool(json, t), (context, request) -> features.call(t, request.arguments()))).toList())
        .resourceTemplates(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
            template(), (context, request) -> features.read(request.uri())))
        .build();
    features.onChange = () -> sync(features, server::listResources, server::addResource, server::removeResource,
        r -> new McpStatelessServerFeatures.SyncResourceSpecification(r, (c, request) -> features.read(request.uri())));
    features.onChange.run();
    transport.start();
    return new Http(server, transport);
  }

  /** A random 32-byte bearer token, hex. */
  public static String newToken() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static final String INSTRUCTIONS = "Engram is this project's long-term memory. Call `recall` with what"
      + " you are working on before acting; call `remember` when the user states a preference, a correction or"
      + " a project fact worth keeping; `context` shows the instruction files and the memory index; `compact`"
      + " summarises a session transcript with its quality score.";

  private static McpSchema.ServerCapabilities capabilities() {
    return McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build();
  }

  private static McpSchema.Tool tool(McpJsonMapper json, MemoryTools.ToolDef t) {
    return McpSchema.Tool.builder().name(t.name()).description(t.description()).inputSchema(json, t.inputSchema())
        .build();
  }

  private static McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder(MemoryResources.TEMPLATE, "memory")
        .description("One memory's topic file (Markdown with YAML frontmatter)")
        .mimeType(MemoryResources.MIME)
        .build();
  }

  /** Keeps the server's resource list equal to the store's memories (at start and after each tool call). */
  private static <S> void sync(Features features, java.util.function.Supplier<List<McpSchema.Resource>> current,
      java.util.function.Consumer<S> add, java.util.function.Consumer<String> remove,
      java.util.function.Function<McpSchema.Resource, S> spec) {
    List<McpSchema.Resource> wanted;
    try {
      wanted = features.resources.list();
    } catch (IOException e) {
      return; // the list stays as it was; reads through the template still work
    }
    Map<String, McpSchema.Resource> have = new LinkedHashMap<>();
    current.get().forEach(r -> have.put(r.uri(), r));
    for (McpSchema.Resource r : wanted) {
      McpSchema.Resource old = have.remove(r.uri());
      if (old != null && !old.equals(r)) {
        remove.accept(r.uri());
      }
      if (old == null || !old.equals(r)) {
        add.accept(spec.apply(r));
      }
    }
    have.keySet().forEach(remove);
  }

  /** The tools and resources, shared by both transports. */
  private static final class Features {
    final List<MemoryTools.ToolDef> tools;
    final MemoryResources resources;
    volatile Runnable onChange = () -> {};
    // Resource updates block on the SDK's reactor pipeline, so they must not run on a request thread.
    private final java.util.concurrent.ExecutorService resync = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "engram-mcp-resources");
      t.setDaemon(true);
      return t;
    });

    Features(EngramServices services) {
      this.tools = new MemoryTools(services).all();
      this.resources = new MemoryResources(services);
    }

    McpSchema.CallToolResult call(MemoryTools.ToolDef tool, Map<String, Object> arguments) {
      try {
        // Every answer leaves the process: memories a person edited by hand, transcripts and summaries
        // may hold secrets that no write removed.
        MemoryTools.ToolAnswer answer = tool.action().run(new Arguments(arguments));
        return McpSchema.CallToolResult.builder().addTextContent(RedactedValues.text(answer.text()))
            .structuredContent(RedactedValues.of(answer.structured())).isError(false).build();
      } catch (ToolInputException | IOException | UncheckedIOException | IllegalArgumentException e) {
        return McpSchema.CallToolResult.builder().addTextContent(RedactedValues.text(tool.name() + ": " + e.getMessage()))
            .isError(true).build();
      } finally {
        resync.execute(onChange);
      }
    }

    McpSchema.ReadResourceResult read(String uri) {
      try {
        McpSchema.ReadResourceResult read = resources.read(uri);
        return new McpSchema.ReadResourceResult(read.contents().stream().map(c -> c instanceof McpSchema.TextResourceContents t
            ? new McpSchema.TextResourceContents(t.uri(), t.mimeType(), RedactedValues.text(t.text()))
            : c).toList());
      } catch (ToolInputException e) {
        throw McpError.RESOURCE_NOT_FOUND.apply(uri);
      } catch (IOException e) {
        throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("cannot read " + uri + ": "
            + e.getMessage()).build();
      }
    }
  }
}
