package io.engram.mcp;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.MemoryStores;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/** Starts the stdio server for a home and a project, as {@code engram mcp} does; for process tests. */
public final class TestServerMain {
  /** A bearer token strong enough for the HTTP server (64 hex digits). */
  static final String TOKEN = "9b1f6e0c4d2a8b3e7f5c1a9d0e4b6c8a2f7d3e5b9c1a0f4e8d6b2c7a3e9f1d5b";

  private TestServerMain() {}

  /** {@code TestServerMain HOME PROJECT}. */
  public static void main(String[] args) throws Exception {
    EngramServices services = services(Path.of(args[0]), Path.of(args[1]));
    FileOutputStream out = new FileOutputStream(FileDescriptor.out);
    System.setOut(System.err);
    EngramMcpServer.serveStdio(services, System.in, out, "test");
  }

  static EngramServices services(Path home, Path project) throws java.io.IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("user-home"));
    EngramSettings settings = EngramSettings.DEFAULTS;
    return new EngramServices(MemoryStores.open(roots, settings, Clock.systemUTC(), Dream.sessionCounter()),
        new InstructionLoader(settings.instructions(), roots, new JtokkitTokenCounter()), settings);
  }
}
