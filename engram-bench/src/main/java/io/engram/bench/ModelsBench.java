package io.engram.bench;

import com.sun.net.httpserver.HttpServer;
import io.engram.config.GovernorSettings;
import io.engram.model.ChatMessage;
import io.engram.model.CostGovernor;
import io.engram.model.ModelRequest;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import io.engram.modeladapters.AnthropicModel;
import io.engram.modeladapters.ApiKey;
import io.engram.modeladapters.ModelEndpoint;
import io.engram.modeladapters.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Timed harness (no JMH): what Engram's model plumbing adds to one call, against a plain HTTP POST of
 * the same bytes to the same local server measured in the same run.
 *
 * <p>Three loops against an in-process HTTP server on 127.0.0.1 that answers like the Messages API:
 * baseline (JDK {@code HttpClient} POSTing the very bytes the adapter sent, captured by the server),
 * adapter ({@link AnthropicModel#complete}: request building, JSON, usage parsing) and governed ({@link
 * ModelRouter#run} for background work: cap check and a durable ledger write per call). Run: {@code java
 * -cp engram-bench/target/benchmarks.jar io.engram.bench.ModelsBench [calls]}.
 */
public final class ModelsBench {
  private static final String ANSWER =
      "{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"stop_reason\":\"end_turn\","
          + "\"usage\":{\"input_tokens\":10,\"output_tokens\":1,\"cache_read_input_tokens\":0,"
          + "\"cache_creation_input_tokens\":0}}";

  private static final int ROUNDS = 3;

  private ModelsBench() {}

  /** Runs the three loops and prints per-call times and ratios to the baseline. */
  public static void main(String[] args) throws Exception {
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    // Without TCP_NODELAY the JDK server's split header/body writes meet delayed ACKs: ~40 ms a call.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    AtomicReference<byte[]> lastBody = new AtomicReference<>();
    server.createContext("/", exchange -> {
      lastBody.set(exchange.getRequestBody().readAllBytes());
      byte[] bytes = ANSWER.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    });
    server.start();
    try (ScratchDirectory scratch = ScratchDirectory.create("engram-bench")) {
      Path home = scratch.path();
      URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
      ModelEndpoint endpoint = new ModelEndpoint(Provider.ANTHROPIC, base, "bench", Optional.of(ApiKey.of("k")),
          Duration.ofSeconds(10), 0, Duration.ofMillis(10), Duration.ofSeconds(1));
      AnthropicModel model = new AnthropicModel(endpoint);
      ModelRequest request = ModelRequest.of("You are terse.",
          List.of(ChatMessage.user("x".repeat(2_000)), ChatMessage.user("answer ok")), 16).withCacheablePrefix(1);
      model.complete(request);
      byte[] body = lastBody.get();
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpRequest raw = HttpRequest.newBuilder(base.resolve("/v1/messages"))
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
      ModelRouter router = ModelRouter.of(model, new CostGovernor(home,
          new GovernorSettings(Long.MAX_VALUE, Long.MAX_VALUE, 31)), "bench");

      Callable<Object> baseline = () -> client.send(raw, HttpResponse.BodyHandlers.ofString()).body();
      Callable<Object> adapter = () -> model.complete(request).text();
      Callable<Object> governed = () -> router.run(Purpose.EXTRACTION, true,
          m -> m.complete(request).text(), () -> "offline").value();
      for (Callable<Object> warm : List.of(baseline, adapter, governed)) {
        time(warm, Math.min(calls, 200));
      }
      // Interleaved rounds, best of each: the order of loops and a busy neighbour skew single runs.
      double b = Double.MAX_VALUE;
      double a = Double.MAX_VALUE;
      double g = Double.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        b = Math.min(b, time(baseline, calls));
        a = Math.min(a, time(adapter, calls));
        g = Math.min(g, time(governed, calls));
      }
      System.out.printf("calls per loop: %d, best of %d interleaved rounds%n", calls, ROUNDS);
      System.out.printf("baseline  plain HttpClient POST   %8.1f us/call  1.00x%n", b);
      System.out.printf("adapter   AnthropicModel          %8.1f us/call  %.2fx%n", a, a / b);
      System.out.printf("governed  ModelRouter+ledger      %8.1f us/call  %.2fx%n", g, g / b);
    } finally {
      server.stop(0);
    }
  }

  private static double time(Callable<Object> task, int calls) throws Exception {
    long start = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      if (task.call() == null) {
        throw new IOException("no answer");
      }
    }
    return (System.nanoTime() - start) / 1_000.0 / calls;
  }
}
