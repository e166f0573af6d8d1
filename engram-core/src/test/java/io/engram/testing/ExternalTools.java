package io.engram.testing;

import java.io.File;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Programs outside the JVM that tests drive as a user's tools would (node with the official MCP clients, Debian's
 * Chromium): where they are, and what a test does when one is missing. {@code .ci/setup} installs them, so under
 * {@code CI=true} a missing one fails the test; elsewhere the test is skipped with a message saying how to get it.
 */
public final class ExternalTools {
  private ExternalTools() {}

  /** The executable file {@code name} in the first directory of {@code PATH} that has one. */
  public static Optional<String> onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, name);
      if (!dir.isBlank() && f.isFile() && f.canExecute()) {
        return Optional.of(f.getAbsolutePath());
      }
    }
    return Optional.empty();
  }

  /**
   * Stops the test because a tool is missing ({@code why} says which and how to install it): a failure under
   * {@code CI=true}, a skip elsewhere.
   */
  public static void missing(String why) {
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      Assertions.fail("CI=true but " + why);
    }
    Assumptions.abort("skipped: " + why);
  }
}
