package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Starts the stdio server for a home and a project, as {@code engram mcp} does; for process tests. */
public final class TestServerMain {
  /** A bearer token strong enough for the HTTP server (64 hex digits). */
  static final String TOKEN = "9b1f6e0c4d2a8b3e7f5c1a9d0e4b6c8a2f7d3e5b9c1a0f4e8d6b2c7a3e9f1d5b";

  private TestServerMain() {}

  /** {@code TestServerMain HOME PROJECT}. */
  public static void main(String[] args) throws Exception {
    Engram engram = engram(Path.of(args[0]), Path.of(args[1]));
    FileOutputStream out = new FileOutputStream(FileDescriptor.out);
    System.setOut(System.err);
    EngramMcpServer.serveStdio(engram, System.in, out, "test");
  }

  /** Memories {@link #seed} writes: more than a page of {@code list} and of {@code resources/list}. */
  static final int SEEDED = 55;

  /** Writes {@link #SEEDED} reference memories and a short session transcript; returns the transcript. */
  static Path seed(Path home, Path project) throws java.io.IOException {
    io.engram.memory.ProjectMemory memory = engram(home, project).memory();
    for (int i = 0; i < SEEDED; i++) {
      memory.write(io.engram.memory.Memory.of(String.format("seeded-%02d", i), io.engram.memory.MemoryType.REFERENCE,
          "seeded reference " + i, "Dashboard " + i + " lives at https://dash.example.com/" + i + "."),
          io.engram.memory.ChangedBy.CLI);
    }
    return new io.engram.testing.GrowingTranscript("agent-node", "claude-sonnet-4-5", 2_000, 500)
        .growPast(0.05, 200_000).write(project.resolve("agent-node.jsonl"));
  }

  static Engram engram(Path home, Path project) throws java.io.IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("user-home"));
    EngramSettings settings = EngramSettings.DEFAULTS;
    return Engram.builder(roots).settings(settings).build();
  }
}
