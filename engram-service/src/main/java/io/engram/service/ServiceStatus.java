package io.engram.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.Instant;
import java.util.List;

/**
 * What {@code engram daemon status} reports about a running service.
 *
 * @param pid its process id
 * @param version the Engram version it runs
 * @param addresses where it answers hooks and MCP
 * @param home the Engram home it serves
 * @param startedAt when it started
 * @param uptimeSeconds how long it has run
 * @param idleExitSeconds how long it waits without a request or work before it exits
 * @param secondsSinceLastRequest time since the last request it answered (or the start)
 * @param requests requests answered
 * @param projects the projects it served, with when each was last
 * @param queue the background work: waiting or running, failed (kept in {@code queue/failed}), and the indexes
 *     whose missing vectors are being made
 * @param memory the process's memory use
 */
public record ServiceStatus(long pid, String version, Addresses addresses, String home, Instant startedAt, long uptimeSeconds,
    long idleExitSeconds, long secondsSinceLastRequest, long requests, List<Project> projects, Queue queue,
    Memory memory) {
  /** The JSON the service and its client speak: ISO-8601 instants, modules found on the class path. */
  static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  public ServiceStatus {
    projects = List.copyOf(projects);
  }

  /** Its loopback addresses: the hooks' base URL, and the MCP endpoint (streamable HTTP). */
  public record Addresses(String hooks, String mcp) {}

  /** A project the service served, and when it last did. */
  public record Project(String dir, Instant lastServed) {}

  /**
   * Background work waiting or running, and failed; {@code embedding}: project indexes whose memories a recall left
   * keyword-only (a large store new to its index) and that are being embedded.
   */
  public record Queue(int pending, int running, int failed, int embedding) {}

  /**
   * Memory in MiB: the Java heap in use and reserved, and the resident set of the whole process (heap,
   * the embedding model's native memory, code), read from {@code /proc/self/status} where there is one.
   */
  public record Memory(long heapUsedMiB, long heapCommittedMiB, long residentMiB) {}
}
