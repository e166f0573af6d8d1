package io.engram.service;

import io.engram.fs.HomeLayout;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Where the resident service keeps its files, all in {@code <home>/service/} (mode 0700):
 * {@code service.lock} (held by the running service for its whole life: one service per home),
 * {@code service.json} (pid, port, start time; see {@link ServiceInfo}), {@code token} (the secret every
 * caller must send, 0600), {@code hook-<Event>.curl} (a curl configuration per hook event for the launcher,
 * 0600: URL, token header, time-outs), {@code hook-<Event>.addr} (the same for the launcher's own client when
 * it runs under bash: port, seconds to wait, token header; 0600), {@code queue/} (the durable work, see {@link WorkQueue}),
 * {@code start.lock} (taken while a service is being started) and {@code service.log}.
 *
 * @param dir the service directory
 */
public record ServiceFiles(Path dir) {
  /** The service files of the Engram home {@code home}. */
  public static ServiceFiles of(Path home) {
    return new ServiceFiles(HomeLayout.of(home.toAbsolutePath().normalize()).service());
  }

  /** Creates the directory, private to the user. */
  public ServiceFiles create() throws IOException {
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system: the files' own modes are all there is.
    }
    return this;
  }

  Path lock() {
    return dir.resolve("service.lock");
  }

  Path startLock() {
    return dir.resolve("start.lock");
  }

  Path info() {
    return dir.resolve("service.json");
  }

  Path token() {
    return dir.resolve("token");
  }

  Path queue() {
    return dir.resolve("queue");
  }

  public Path log() {
    return dir.resolve("service.log");
  }

  /** The curl configuration the launcher uses for {@code event}. */
  Path curlConfig(HookEvent event) {
    return dir.resolve("hook-" + event.hookName() + ".curl");
  }

  /**
   * The address file the launcher reads for {@code event} when it runs under bash and speaks HTTP itself: one
   * line, the port, the whole seconds to wait for the answer, and the {@code Authorization} header's value.
   */
  Path hookAddress(HookEvent event) {
    return dir.resolve("hook-" + event.hookName() + ".addr");
  }

  /**
   * The address line the launcher's {@code engram mcp} relays stdio to when bash runs it: the port of the MCP
   * endpoint and the {@code Authorization} header's value.
   */
  Path mcpAddress() {
    return dir.resolve("mcp.addr");
  }
}
