package io.engram.service;

import io.engram.config.ServiceSettings;
import io.engram.fs.AtomicFiles;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Optional;

/**
 * The files a running service leaves for its clients: an address line per hook event, which the {@code engram}
 * launcher reads when it runs under bash and sends the hook itself over {@code /dev/tcp} (port, wait, token
 * header: no process started), a curl configuration per hook event, which it hands to {@code curl -K}
 * otherwise (the URL, the token header, the time-outs: nothing to parse in shell, and the token never appears
 * on a command line where {@code ps} would show it), the MCP endpoint's address line ({@code mcp.addr}: port and
 * token header), which the launcher relays {@code engram mcp}'s stdio to under bash, and the port, which the next
 * service takes again when it is free (an MCP client's configured URL keeps working across restarts). The configurations go when the service stops;
 * after a crash they stay, curl finds nothing listening, and the launcher falls back to a JVM.
 */
final class ClientFiles {
  private static final String LAST_PORT = "last-port";

  private ClientFiles() {}

  static void write(ServiceFiles files, ServiceInfo info, ServiceToken token, ServiceSettings settings)
      throws IOException {
    for (HookEvent event : HookEvent.values()) {
      AtomicFiles.writeString(files.curlConfig(event), curlConfig(info, token, event, settings),
          PosixFilePermissions.fromString("rw-------"));
      AtomicFiles.writeString(files.hookAddress(event), hookAddress(info, token, event, settings),
          PosixFilePermissions.fromString("rw-------"));
    }
    AtomicFiles.writeString(files.mcpAddress(), info.port() + " " + token.bearer() + "\n",
        PosixFilePermissions.fromString("rw-------"));
    AtomicFiles.writeString(files.dir().resolve(LAST_PORT), info.port() + "\n");
  }

  static void remove(ServiceFiles files, ServiceInfo info) {
    try {
      for (HookEvent event : HookEvent.values()) {
        Files.deleteIfExists(files.curlConfig(event));
        Files.deleteIfExists(files.hookAddress(event));
      }
      Files.deleteIfExists(files.mcpAddress());
      if (ServiceInfo.read(files.info()).map(i -> i.pid() == info.pid()).orElse(false)) {
        Files.deleteIfExists(files.info());
      }
    } catch (IOException e) {
      // Stale files are harmless: curl finds nothing listening and the launcher starts a JVM.
    }
  }

  static Optional<Integer> lastPort(ServiceFiles files) {
    return port(files.dir().resolve(LAST_PORT));
  }

  private static Optional<Integer> port(Path file) {
    try {
      if (Files.isRegularFile(file)) {
        int port = Integer.parseInt(Files.readString(file).strip());
        return port > 0 && port < 65_536 ? Optional.of(port) : Optional.empty();
      }
    } catch (IOException | NumberFormatException e) {
      // no usable port: any will do
    }
    return Optional.empty();
  }

  /** How long a client waits for {@code event}'s answer, in seconds. */
  static double answerSeconds(HookEvent event, ServiceSettings s) {
    return switch (event) {
      case SESSION_END -> s.sessionEndAnswerMillis() / 1000.0;
      case PRE_COMPACT -> s.preCompactWaitSeconds() + s.answerMillis() / 1000.0;
      default -> s.answerMillis() / 1000.0;
    };
  }

  /**
   * The launcher's address line for {@code event}: port, whole seconds to wait for the answer (rounded up: bash
   * before 4 waits in whole seconds only), the {@code Authorization} value.
   */
  static String hookAddress(ServiceInfo info, ServiceToken token, HookEvent event, ServiceSettings s) {
    return info.port() + " " + (long) Math.ceil(answerSeconds(event, s)) + " " + token.bearer() + "\n";
  }

  static String curlConfig(ServiceInfo info, ServiceToken token, HookEvent event, ServiceSettings s) {
    return "# How the engram launcher reaches the Engram service for " + event.hookName() + ".\n"
        + "# Written by the service (pid " + info.pid() + "); removed when it stops. Keep it private: it holds the"
        + " token.\n"
        + "url = \"" + info.url() + "/hook/" + event.hookName() + "\"\n"
        + "header = \"Authorization: " + token.bearer() + "\"\n"
        + "header = \"Content-Type: application/json\"\n"
        + "data-binary = \"@-\"\n"
        + "noproxy = \"*\"\n"
        + "connect-timeout = 1\n"
        + "max-time = " + String.format(Locale.ROOT, "%.3f", answerSeconds(event, s)) + "\n"
        + "silent\n";
  }
}
