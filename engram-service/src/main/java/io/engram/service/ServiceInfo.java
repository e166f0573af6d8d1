package io.engram.service;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * What a running service writes about itself into {@code <home>/service/service.json} once it listens:
 * its process id, loopback address and port, when it started and its version. The file outlives a killed
 * service; {@link #alive()} tells a stale one (its process is gone) from a live one.
 *
 * @param pid the service's process id
 * @param host the address it listens on (always loopback)
 * @param port its one port (hooks, status, stop, the UI under {@code /ui/}, MCP at {@code /mcp})
 * @param startedAt when it started
 * @param version the Engram version it runs
 */
@JsonIgnoreProperties(ignoreUnknown = true) // an older service wrote its MCP port apart
public record ServiceInfo(long pid, String host, int port, Instant startedAt, String version) {
  private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  /** The base URL of the service. */
  public String url() {
    return "http://" + host + ":" + port;
  }

  /** The URL of its MCP endpoint. */
  public String mcpUrl() {
    return url() + "/mcp";
  }

  /** True when the process that wrote this is still running. */
  public boolean alive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** The information in {@code file}; empty when there is none or it cannot be read. */
  static Optional<ServiceInfo> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), ServiceInfo.class));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether {@code file} still names this service (its process and port). A file there that cannot be read this
   * once (a write in flight) is taken to; a missing file or another service's is not.
   */
  boolean namedBy(Path file) {
    if (!Files.exists(file)) {
      return false;
    }
    return read(file).map(other -> other.pid == pid && other.port == port).orElse(true);
  }

  void write(Path file) throws IOException {
    AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this) + "\n");
  }
}
