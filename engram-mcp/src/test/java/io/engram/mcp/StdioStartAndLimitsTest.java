package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.McpSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stdio server's start (nothing heavy before the first request needs it), its line bound and its log. */
class StdioStartAndLimitsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @TempDir Path home;
  @TempDir Path project;
  private final StdioPipe pipe = new StdioPipe();
  private final List<String> log = new CopyOnWriteArrayList<>();
  private final AtomicInteger opened = new AtomicInteger();
  private final CountDownLatch mayOpen = new CountDownLatch(1);

  @Test
  void initializeIsAnsweredBeforeTheMemoryIsOpenedAndTheToolsWaitForIt() throws Exception {
    Thread server = serve(McpSettings.DEFAULTS);
    pipe.send(INIT);
    assertThat(next().at("/result/serverInfo/name").asText()).isEqualTo("engram");
    assertThat(opened).as("memory opened before initialize was answered").hasValue(0);
    pipe.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
    assertThat(next().get("id").asInt()).as("ping answered while the memory is still opening").isEqualTo(3);
    mayOpen.countDown();
    assertThat(next().at("/result/tools").size()).isEqualTo(10);
    assertThat(opened).hasValue(1);
    pipe.endInput();
    server.join(5_000);
    assertThat(server.isAlive()).isFalse();
  }

  @Test
  void aLineOverTheBoundIsRefusedAndLoggedAndTheNextIsServed() throws Exception {
    McpSettings d = McpSettings.DEFAULTS;
    mayOpen.countDown();
    Thread server = serve(d.with("maxMessageBytes", 1_000));
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(50_000) + "\"}}");
    JsonNode refused = next();
    assertThat(refused.at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(refused.get("id").asInt()).as("answered under its id, for the client that waits for it").isEqualTo(4);
    // Where the TypeScript SDK puts the id: last, after a params that has an "id" of its own.
    pipe.send("{\"method\":\"tools/call\",\"params\":{\"arguments\":{\"id\":1,\"body\":\"" + "x".repeat(50_000)
        + "\"}},\"jsonrpc\":\"2.0\",\"id\":\"req-6\"}");
    assertThat(next().get("id").asText()).isEqualTo("req-6");
    pipe.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}");
    assertThat(next().get("id").asInt()).isEqualTo(5);
    assertThat(log).anySatisfy(l -> assertThat(l).contains("stdin line 1", "longer than 1000 bytes"));
    pipe.endInput();
    server.join(5_000);
  }

  @Test
  void everyRequestReadBeforeTheEndOfInputIsAnsweredAndDoneHoweverLongItTakes() throws Exception {
    McpSettings d = McpSettings.DEFAULTS;
    Thread server = serve(d.with("stdioWaitNoticeMillis", 100));
    int writes = 60;
    pipe.send(INIT);
    for (int i = 0; i < writes; i++) {
      pipe.send("{\"jsonrpc\":\"2.0\",\"id\":" + (100 + i) + ",\"method\":\"tools/call\",\"params\":{\"name\":"
          + "\"remember\",\"arguments\":{\"type\":\"project\",\"name\":\"batch-" + i + "\",\"description\":\"d\","
          + "\"body\":\"piped write " + i + "\"}}}");
    }
    pipe.endInput();
    // The tools wait for the memory to open, long after the input ended (and after many wait notices).
    Thread.sleep(1_500);
    mayOpen.countDown();
    List<Integer> answered = new java.util.ArrayList<>();
    while (answered.size() <= writes) {
      JsonNode message = next();
      if (message.has("id")) {
        answered.add(message.get("id").asInt()); // notifications of changed resources come between the answers
      }
    }
    server.join(30_000);
    assertThat(server.isAlive()).isFalse();
    assertThat(answered).containsAll(java.util.stream.IntStream.range(100, 100 + writes).boxed().toList());
    try (var files = java.nio.file.Files.walk(home)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("batch-") && n.endsWith(".md")))
          .hasSize(writes);
    }
    assertThat(log).anySatisfy(l -> assertThat(l).contains("still running", "each will be answered"));
  }

  private Thread serve(McpSettings limits) {
    Thread t = new Thread(() -> {
      try {
        EngramMcpServer.serveStdio(() -> {
          try {
            assertThat(mayOpen.await(30, TimeUnit.SECONDS)).isTrue();
            opened.incrementAndGet();
            return TestServerMain.engram(home, project);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }, pipe.in, pipe.out, "test", limits, log::add);
      } catch (Exception e) {
        log.add("server failed: " + e);
      }
    });
    t.setDaemon(true);
    t.start();
    return t;
  }

  /**
   * The next message, waiting up to a minute: a bound for a server that hangs, not a time the answer must beat (the
   * first answer after the memory opens pays for loading it, 20 s and more on a machine busy with other builds).
   */
  private JsonNode next() throws Exception {
    return JSON.readTree(pipe.next(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("no answer in 60 s")));
  }
}
