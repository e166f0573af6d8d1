package io.engram.mcp;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the Node.js clients the tests drive the server with live ({@code src/test/node}: the official TypeScript SDK
 * and the MCP Inspector). Under {@code CI=true} a missing node or package fails the test ({@code .ci/setup} installs
 * them); elsewhere the test is skipped with a message saying how to enable it.
 */
final class NodeClients {
  static final Path DIR = Path.of("src", "test", "node").toAbsolutePath();

  private NodeClients() {}

  /** The node executable, once {@code installed} (a path under {@link #DIR}) is there too. */
  static String node(String installed) {
    String node = onPath("node");
    if (node == null || !Files.exists(DIR.resolve(installed))) {
      String why = (node == null ? "node is not on the PATH" : installed + " is not installed")
          + "; run .ci/setup (or `npm ci` in " + DIR + ")";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("CI=true but " + why);
      }
      Assumptions.assumeTrue(false, "skipped: " + why);
    }
    return node;
  }

  private static String onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, name);
      if (f.canExecute()) {
        return f.getAbsolutePath();
      }
    }
    return null;
  }
}
