package io.engram.cli.integration;

import io.engram.cli.EngramVersion;
import io.engram.cli.GlobalOptions;
import io.engram.cli.UserFacingException;
import io.engram.cli.wiring.Models;
import io.engram.cli.wiring.RecallWiring;
import io.engram.dream.Dream;
import io.engram.mcp.EngramMcpServer;
import io.engram.mcp.EngramServices;
import io.engram.memory.MemoryStores;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram mcp}: serves the project's memory over MCP (stdio, or streamable HTTP with a bearer token). */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serve this project's memory as an MCP server.",
      "Tools: recall, remember, forget, list, context, compact; memories as resources"
          + " (memory://<project>/<name>).",
      "Default transport: stdio (stdout carries only protocol messages; everything else goes to stderr).",
      "With --http PORT: streamable HTTP at http://BIND:PORT/mcp. Every request needs"
          + " 'Authorization: Bearer TOKEN'; TOKEN is $ENGRAM_MCP_TOKEN, else a new one printed to stderr."})
public final class McpCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--http", paramLabel = "PORT", description = "Serve streamable HTTP on this port (0: any free port).")
  Integer port;

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "Address to listen on with --http (default: ${DEFAULT-VALUE}, loopback only).")
  String bind;

  @Override
  public Integer call() throws IOException, InterruptedException {
    GlobalOptions global = GlobalOptions.of(spec);
    var memory = MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(), Dream.sessionCounter());
    EngramServices services = new EngramServices(memory, global.instructionLoader(), global.settings(),
        RecallWiring.recall(global, memory, RecallWiring.Caller.INTERACTIVE, "mcp"), Models.router(global, "mcp"),
        global.roots().engramHome());
    String version = new EngramVersion().getVersion()[0];
    if (port == null) {
      return stdio(services, version);
    }
    if (port < 0 || port > 65535) {
      throw new UserFacingException("--http: port must be between 0 and 65535, was " + port);
    }
    String token = System.getenv("ENGRAM_MCP_TOKEN");
    boolean generated = token == null || token.isBlank();
    if (generated) {
      token = EngramMcpServer.newToken();
    }
    InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(bind), port);
    EngramMcpServer.Http server = EngramMcpServer.serveHttp(services, address, token, version);
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stop.countDown();
    }));
    var err = spec.commandLine().getErr();
    InetSocketAddress at = server.address();
    err.printf("engram mcp: listening on http://%s:%d%s%n", at.getHostString(), at.getPort(), server.endpoint());
    if (!at.getAddress().isLoopbackAddress()) {
      err.println("engram mcp: warning: listening beyond this machine (" + bind + "); anyone who has the token"
          + " can read and change this project's memory");
    }
    err.println(generated ? "engram mcp: bearer token (set ENGRAM_MCP_TOKEN to choose one): " + token
        : "engram mcp: bearer token from ENGRAM_MCP_TOKEN");
    err.flush();
    stop.await();
    return 0;
  }

  private int stdio(EngramServices services, String version) throws InterruptedException {
    // stdout belongs to the protocol: anything printed by mistake goes to stderr instead.
    OutputStream protocol = new FileOutputStream(FileDescriptor.out);
    PrintStream previous = System.out;
    System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    try {
      EngramMcpServer.serveStdio(services, System.in, protocol, version);
    } finally {
      System.setOut(previous);
    }
    return 0;
  }
}
