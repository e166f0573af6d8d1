package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.http.EngramHttpServer;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.CallControl;
import io.engram.mcp.transport.LogLevel;
import io.engram.mcp.transport.McpHttpHandler;
import io.engram.mcp.transport.McpProtocol;
import io.engram.mcp.transport.OriginPolicy;
import io.engram.mcp.transport.SdkHandlerSlot;
import io.engram.mcp.transport.StdioTransport;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

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

  private static final String NAME = "engram";

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
    McpProtocol protocol = new McpProtocol(identity(version), () -> {
      Built b = build(engram.get(), version, limits);
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
    Built built = build(engram, version, options.mcp());
    McpProtocol protocol = new McpProtocol(identity(version), built::sdk, log, options.mcp().changeCheckMillis());
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
        return protocols.computeIfAbsent(project, p -> new McpProtocol(identity(version), () -> {
          Built b = build(engram.apply(p), version, McpSettings.DEFAULTS);
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

  private static McpProtocol.ServerIdentity identity(String version) {
    return new McpProtocol.ServerIdentity(NAME, version, INSTRUCTIONS);
  }

  /** The SDK's server with Engram's tools and resources, and what the protocol needs of it. */
  private record Built(McpStatelessSyncServer server, McpProtocol.Sdk sdk) {}

  private static Built build(Engram engram, String version, McpSettings limits) {
    McpJsonMapper json = McpJsonDefaults.getMapper();
    SdkHandlerSlot slot = new SdkHandlerSlot();
    Features features = new Features(engram, limits);
    McpStatelessSyncServer server = McpServer.sync(slot)
        .serverInfo(NAME, version)
        .capabilities(capabilities())
        .instructions(INSTRUCTIONS)
        .tools(features.tools.stream().map(t -> new McpStatelessServerFeatures.SyncToolSpecification(
            tool(json, t), (context, request) -> features.call(t, request.arguments(), context))).toList())
        .resourceTemplates(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
            template(), (context, request) -> features.read(request.uri())))
        .prompts(features.prompts.prompts())
        .completions(features.prompts.completions())
        .build();
    McpProtocol.Resources resources = new McpProtocol.Resources() {
      @Override
      public List<McpSchema.Resource> list() throws IOException {
        return features.resources.list();
      }

      @Override
      public Map<String, String> fingerprints() throws IOException {
        return features.resources.fingerprints();
      }

      @Override
      public void onChange(Runnable changed) {
        features.resources.onChange(changed);
      }
    };
    return new Built(server, new McpProtocol.Sdk(slot.handler().orElseThrow(
        () -> new IllegalStateException("the SDK built its server without a handler")), json, resources,
        features.tools.stream().map(ToolDef::name).collect(Collectors.toCollection(TreeSet::new))));
  }

  private static final String INSTRUCTIONS = "Engram is this project's long-term memory. Call `recall` with what"
      + " you are working on before acting; call `remember` when the user states a preference, a correction or"
      + " a project fact worth keeping, and `forget` when one is wrong (`restore` brings it back); `list` pages"
      + " through them; `context` shows the instruction files and the memory index; `compact` summarises a session"
      + " transcript with its quality score; `dream` consolidates the memories; `history` searches what was said"
      + " and done in this project's past sessions, when you need it.";

  private static McpSchema.ServerCapabilities capabilities() {
    // What the SDK's handler answers; initialize tells the client (McpProtocol), with what its transport adds.
    return McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).prompts(false).completions()
        .logging().build();
  }

  private static McpSchema.Tool tool(McpJsonMapper json, ToolDef t) {
    ToolDef.Effect e = t.effect();
    return McpSchema.Tool.builder().name(t.name()).title(t.title()).description(t.description())
        .inputSchema(json, t.inputSchema()).outputSchema(json, t.outputSchema())
        .annotations(new McpSchema.ToolAnnotations(t.title(), e.readOnly(), e.readOnly() ? null : e.destructive(),
            e.idempotent(), false, null))
        .build();
  }

  private static McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder(MemoryResources.TEMPLATE, "memory")
        .description("One memory's topic file (Markdown with YAML frontmatter)")
        .mimeType(MemoryResources.MIME)
        .build();
  }

  /** The tools and resources, shared by both transports. */
  private static final class Features {
    final List<ToolDef> tools;
    final MemoryResources resources;
    final EngramPrompts prompts;

    Features(Engram engram, McpSettings limits) {
      this.tools = EngramTools.all(engram, limits);
      this.resources = new MemoryResources(engram);
      this.prompts = new EngramPrompts(engram);
    }

    McpSchema.CallToolResult call(ToolDef tool, Map<String, Object> arguments, McpTransportContext context) {
      CallControl control = context.get(CallControl.KEY) instanceof CallControl c ? c : CallControl.none();
      ToolCall call = new ToolCall(new Arguments(arguments), control);
      long started = System.nanoTime();
      try {
        // Every answer leaves the process: memories a person edited by hand, transcripts and summaries
        // may hold secrets that no write removed.
        ToolDef.ToolAnswer answer = tool.action().run(call);
        control.log(LogLevel.DEBUG, tool.name() + " answered in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        return McpSchema.CallToolResult.builder().addTextContent(RedactedValues.text(answer.text()))
            .structuredContent(RedactedValues.of(answer.structured())).isError(false).build();
      } catch (ToolInputException | IOException | UncheckedIOException | IllegalArgumentException e) {
        String message = RedactedValues.text(tool.name() + ": " + e.getMessage());
        control.log(LogLevel.WARNING, message);
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
      } catch (CancellationException e) {
        control.log(LogLevel.INFO, tool.name() + " stopped" + (call.stage().isEmpty() ? "" : " at " + call.stage())
            + ": cancelled by the client after " + (System.nanoTime() - started) / 1_000_000 + " ms");
        return McpSchema.CallToolResult.builder().addTextContent(tool.name() + ": cancelled").isError(true).build();
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
