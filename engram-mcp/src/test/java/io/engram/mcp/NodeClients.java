package io.engram.mcp;

import io.engram.testing.ExternalTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the Node.js clients the tests drive the server with live ({@code src/test/node}: the official TypeScript SDK
 * and the MCP Inspector). A missing node or package fails the test under {@code CI=true} and skips it elsewhere
 * ({@link ExternalTools#missing}).
 */
final class NodeClients {
  static final Path DIR = Path.of("src", "test", "node").toAbsolutePath();

  private NodeClients() {}

  /** The node executable, once {@code installed} (a path under {@link #DIR}) is there too. */
  static String node(String installed) {
    Optional<String> node = ExternalTools.onPath("node");
    if (node.isEmpty() || !Files.exists(DIR.resolve(installed))) {
      ExternalTools.missing((node.isEmpty() ? "node is not on the PATH" : installed + " is not installed")
          + "; run .ci/setup (or `npm ci` in " + DIR + ")");
    }
    return node.orElseThrow();
  }
}
