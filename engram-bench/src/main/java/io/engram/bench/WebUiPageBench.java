package io.engram.bench;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.RecallSettings;
import io.engram.config.UiSettings;
import io.engram.http.EngramHttpServer;
import io.engram.memory.Memory;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryFileCache;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.MemoryWriteListener;
import io.engram.recall.MemoryRecall;
import io.engram.service.wiring.ProductEngram;
import io.engram.service.wiring.RecallWiring;
import io.engram.ui.UiProject;
import io.engram.ui.WebUi;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Timed harness for the web UI at N memories: the JSON behind a page (first page, a deep page, a filtered page,
 * a search through recall, one memory) fetched over HTTP with a session, against the baseline of the same run:
 * listing every memory through the store, which is what {@code engram list} costs and what every page starts
 * from. With a Chromium and the browser test's directory it also times, in the browser, the first page from the
 * login link to rows on screen, the next page and a search ({@code load.mjs}). Run:
 * {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.WebUiPageBench 10000 [CHROMIUM DIR]}.
 */
public final class WebUiPageBench {
  private static final int RUNS = 7;

  private WebUiPageBench() {}

  /** Arguments: the number of memories; optionally the Chromium executable and the browser script directory. */
  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    try (ScratchDirectory scratch = ScratchDirectory.create("engram-ui-bench")) {
      run(scratch.path(), n, args);
    }
  }

  private static void run(Path tmp, int n, String[] args) throws Exception {
    Files.createDirectories(tmp.resolve("project"));
    EngramRoots roots = new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), tmp.resolve("project"));
    EngramSettings settings = EngramSettings.DEFAULTS;
    seed(MemoryStores.locate(roots, settings).projectDir(), n);
    // A running service's memory directory was last changed a while ago: a listing made within seconds of a change
    // is not kept (a coarse clock could hide the next one).
    Thread.sleep(3_100);
    MemoryFileCache parsed = new MemoryFileCache();
    MemoryChanges watching = MemoryChanges.watching(); // as the service's (HookRunners)
    UiProject.Opener opener = dir -> project(roots, settings, parsed, watching);
    WebUi ui = new WebUi(opener, h -> false, UiSettings.DEFAULTS, Clock.systemUTC(), System.err::println);
    EngramHttpServer server = EngramHttpServer.builder()
        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .route(WebUi.PATH + "*", UiSettings.DEFAULTS.maxRequestBytes(), ui).start();
    String base = "http://127.0.0.1:" + server.address().getPort();
    HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    try {
      HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(base + "/ui/login"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"code\":\"" + WebUi.loginCode(ui.loginPath(roots.projectDir())) + "\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      String session = new com.fasterxml.jackson.databind.ObjectMapper().readTree(login.body()).get("session").asText();
      long coldList = time(() -> MemoryStores.open(roots, settings, Clock.systemUTC()).list());
      long coldPage = time(() -> fetch(http, base + "/ui/api/memories", session));
      System.out.printf("WebUiPageBench: %,d memories%n", n);
      System.out.printf("  cold: list through the store %s; first page (list through the UI's cache + JSON) %s (%.2fx)%n",
          ms(coldList), ms(coldPage), (double) coldPage / coldList);
      long baseline = median(
          () -> MemoryStores.open(roots, settings, Clock.systemUTC(), MemoryWriteListener.NONE, parsed).list());
      System.out.printf("  warm baseline: list every memory through the store %s%n", ms(baseline));
      long kept = median(() -> MemoryStores.open(roots, settings, Clock.systemUTC(), MemoryWriteListener.NONE, parsed,
          watching).list());
      System.out.printf("  the same, under the service's watched events (listing kept while nothing changes) %s"
          + " (%.2fx baseline)%n", ms(kept), (double) kept / baseline);
      Map<String, String> pages = new java.util.LinkedHashMap<>();
      pages.put("first page (50 rows)", "/ui/api/memories");
      pages.put("last page (offset " + (n - 50) + ")", "/ui/api/memories?offset=" + (n - 50));
      pages.put("filtered (type, trust, not stale)", "/ui/api/memories?type=feedback&trust=user&stale=no");
      pages.put("search (recall, BM25 on disk)", "/ui/api/memories?q=redis+port+integration+tests");
      pages.put("one memory", "/ui/api/memory?name=memory-" + (n / 2));
      for (Map.Entry<String, String> p : pages.entrySet()) {
        int[] bytes = new int[1];
        long t = median(() -> bytes[0] = fetch(http, base + p.getValue(), session));
        System.out.printf("  %-36s %s (%.2fx baseline), %,d bytes%n", p.getKey(), ms(t), (double) t / baseline,
            bytes[0]);
      }
      if (args.length >= 3) {
        browser(args[1], Path.of(args[2]), base + ui.loginPath(roots.projectDir()), base);
      }
    } finally {
      server.close();
      watching.close();
    }
  }

  private static void browser(String chromium, Path scriptDir, String loginUrl, String base) throws Exception {
    Process p = new ProcessBuilder("node", "load.mjs", chromium, loginUrl, base).directory(scriptDir.toFile())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("load.mjs failed: " + out);
    }
    System.out.println("  in Chromium (ms): " + out.substring(out.lastIndexOf('\n') + 1));
  }

  // The project as the service opens it; the search is recall by BM25 on disk alone (vectors off), what this
  // bench has always timed.
  private static UiProject project(EngramRoots roots, EngramSettings settings, MemoryFileCache parsed,
      MemoryChanges watching) throws IOException {
    EngramSettings keywords = settings.with("recall", settings.recall().with("vectors", RecallSettings.Vectors.NEVER));
    Engram engram = ProductEngram.builder(roots, keywords, Map.of(), RecallWiring.Caller.SERVICE)
        .writes(MemoryWriteListener.NONE).parsedFiles(parsed).changes(watching).build();
    return new UiProject() {
      @Override
      public Engram engram() {
        return engram;
      }

      @Override
      public MemoryRecall search(int results) {
        return RecallWiring.search(roots, keywords, engram.memory(), results);
      }
    };
  }

  // Topic files written directly (a store write per memory rewrites MEMORY.md each time): every type, source
  // and flag the filters look at, and one in a hundred about Redis for the search.
  private static void seed(Path dir, int n) throws IOException {
    Files.createDirectories(dir);
    MemoryType[] types = MemoryType.values();
    MemorySource[] sources = MemorySource.values();
    Instant at = Instant.parse("2026-01-01T00:00:00Z");
    for (int i = 0; i < n; i++) {
      String topic = i % 100 == 0 ? "Integration tests need Redis on port " + (6000 + i) + "."
          : "Fact " + i + " about module m" + (i % 37) + ": it uses setting s" + (i % 53) + " with value " + i + ".";
      Memory m = Memory.builder("memory-" + i, types[i % types.length]).description("fact " + i + " of the bench")
          .body(topic + "\n").source(sources[i % sources.length]).created(at).updated(at.plusSeconds(i))
          .supersededBy(i % 10 == 3 ? "memory-" + (i + 1) : null)
          .unknownKeys(i % 10 == 7 ? Map.of("stale", "m" + i + ".java no longer exists") : Map.of()).build();
      Files.writeString(dir.resolve("memory-" + i + ".md"), MemoryFormat.format(m));
    }
  }

  private interface Timed {
    Object run() throws Exception;
  }

  private static long time(Timed t) throws Exception {
    long start = System.nanoTime();
    t.run();
    return System.nanoTime() - start;
  }

  private static long median(Timed t) throws Exception {
    t.run();
    t.run();
    long[] samples = new long[RUNS];
    for (int i = 0; i < RUNS; i++) {
      samples[i] = time(t);
    }
    Arrays.sort(samples);
    return samples[RUNS / 2];
  }

  private static int fetch(HttpClient http, String url, String session) throws Exception {
    HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).header(WebUi.SESSION_HEADER, session)
        .build(), HttpResponse.BodyHandlers.ofByteArray());
    if (r.statusCode() != 200) {
      throw new IllegalStateException(url + ": HTTP " + r.statusCode() + " " + new String(r.body(),
          StandardCharsets.UTF_8));
    }
    return r.body().length;
  }

  private static String ms(long nanos) {
    return String.format("%.1f ms", nanos / 1e6);
  }
}
