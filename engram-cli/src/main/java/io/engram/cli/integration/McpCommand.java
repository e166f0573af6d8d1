package io.engram.cli.integration;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.config.HttpSettings;
import io.engram.config.McpSettings;
import io.engram.service.wiring.ProductEngram;
import io.engram.service.wiring.RecallWiring;
import io.engram.memory.MemoryChanges;
import io.engram.mcp.EngramMcpServer;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.OriginPolicy;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram mcp}: serves the project's memory over MCP (stdio, or streamable HTTP with a bearer token). */
@Examples({
    "engram mcp",
    "engram mcp --new-token",
    "engram mcp --http 8765"})
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serve this project's memory as an MCP server.",
      "Tools: recall, remember, forget, list, context, compact; memories as resources"
          + " (memory://<project>/<name>).",
      "Default transport: stdio (stdout carries only protocol messages; everything else goes to stderr).",
      "With --http PORT: streamable HTTP at http://BIND:PORT/mcp. Every request needs"
          + " 'Authorization: Bearer TOKEN'; TOKEN is $ENGRAM_MCP_TOKEN (at least 32 random bytes, e.g."
          + " `openssl rand -base64 32` or `engram mcp --new-token`), else a new one printed to stderr."
          + " Browser origins other than localhost are refused unless named with --allow-origin."})
public final class McpCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--http", paramLabel = "PORT", description = "Serve streamable HTTP on this port (0: any free port).")
  Integer port;

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "Address to listen on with --http (default: ${DEFAULT-VALUE}, loopback only).")
  String bind;

  @Option(names = "--allow-origin", paramLabel = "ORIGIN",
      description = "With --http: also serve browser pages from ORIGIN (scheme://host[:port]); repeatable.")
  List<String> allowedOrigins = new ArrayList<>();

  @Option(names = "--new-token", description = "Print a new random bearer token (for ENGRAM_MCP_TOKEN) and exit.")
  boolean newToken;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (newToken) {
      spec.commandLine().getOut().println(EngramMcpServer.newToken());
      spec.commandLine().getOut().flush();
      return 0;
    }
    // TCP's port numbers: 16 bits, 0 asking the system for any free one. A value out of range is a usage error.
    if (port != null && (port < 0 || port > 65535)) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--http: port must be between 0 and 65535, was " + port);
    }
    GlobalOptions global = GlobalOptions.of(spec);
    global.settings(); // a broken settings file stops the command here, not at the first request
    String version = EngramVersion.number();
    if (port == null) {
      return stdio(global, version);
    }
    OriginPolicy origins;
    try {
      origins = OriginPolicy.loopbackAnd(allowedOrigins);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--allow-origin: " + e.getMessage());
    }
    String given = global.environment().get("ENGRAM_MCP_TOKEN");
    boolean generated = given == null || given.isBlank();
    BearerToken token;
    try {
      token = generated ? BearerToken.generate() : BearerToken.of(given, McpSettings.DEFAULTS.minTokenBits());
    } catch (IllegalArgumentException e) {
      throw new UserFacingException("ENGRAM_MCP_TOKEN: " + e.getMessage());
    }
    PrintWriter err = spec.commandLine().getErr();
    InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(bind), port);
    EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram(global),
        new EngramMcpServer.HttpOptions(address, token, origins, HttpSettings.DEFAULTS), version,
        line -> {
          err.println("engram mcp: " + line);
          err.flush();
        });
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stop.countDown();
    }));
    InetSocketAddress at = server.address();
    err.printf("engram mcp: listening on http://%s:%d%s%n", at.getHostString(), at.getPort(), server.endpoint());
    if (!at.getAddress().isLoopbackAddress()) {
      err.println("engram mcp: warning: listening beyond this machine (" + bind + "); anyone who has the token"
          + " can read and change this project's memory");
    }
    err.println(generated ? "engram mcp: bearer token (set ENGRAM_MCP_TOKEN to choose one): " + token.reveal()
        : "engram mcp: bearer token from ENGRAM_MCP_TOKEN");
    err.flush();
    stop.await();
    return 0;
  }

  /**
   * The project's memory, tools and model; opening them loads the tokenizer and more, so stdio defers it. The server
   * lives as long as its client: its memory directories are watched, so that what another process writes is told to
   * the client at once and the listing is kept while nothing changes (as in the service).
   */
  private static Engram engram(GlobalOptions global) throws IOException {
    return ProductEngram.builder(global.roots(), global.settings(), global.environment(),
        RecallWiring.Caller.INTERACTIVE).session("mcp").changes(MemoryChanges.watching()).build();
  }

  private int stdio(GlobalOptions global, String version) throws IOException, InterruptedException {
    // stdout belongs to the protocol: anything printed by mistake goes to stderr instead.
    OutputStream protocol = new FileOutputStream(FileDescriptor.out);
    PrintStream previous = System.out;
    PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    System.setOut(stderr);
    Consumer<String> log = line -> stderr.println("engram mcp: " + line);
    try {
      EngramMcpServer.serveStdio(() -> {
        try {
          return engram(global);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }, System.in, protocol, version, McpSettings.DEFAULTS,
          log);
    } finally {
      System.setOut(previous);
    }
    return 0;
  }
}
