package io.engram.bench;

import com.sun.net.httpserver.HttpServer;
import io.engram.http.EngramHttpServer;
import io.engram.http.HttpAnswer;
import io.engram.http.RequestBody;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The embedded HTTP server (engram-http, Jetty's core) against the JDK's {@code com.sun.net.httpserver}, which
 * the resident service used before, in the same run: the time from a fresh JVM's start to a server that has
 * answered its first request (each in its own child JVM, so class loading counts), and the latency of a hook-sized
 * POST the way the {@code engram} launcher sends it (a new connection, {@code Connection: close}, a 1 KB JSON
 * body, the body read and an answer of 2 KB), interleaved so both see the same machine.
 *
 * <p>Run: {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.HttpServerBench [calls]}.
 */
public final class HttpServerBench {
  private static final byte[] ANSWER = ("{\"hookSpecificOutput\":{\"additionalContext\":\"" + "x".repeat(2_000)
      + "\"}}").getBytes(StandardCharsets.UTF_8);
  private static final String BODY = "{\"session_id\":\"s\",\"prompt\":\"" + "y".repeat(1_000) + "\"}";

  private HttpServerBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--child")) {
      long t0 = System.nanoTime();
      try (AutoCloseable server = start(args[1])) {
        call(port(server));
        System.out.println((System.nanoTime() - t0) / 1_000);
      }
      return;
    }
    int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    long[] jdkStart = new long[5];
    long[] jettyStart = new long[5];
    for (int i = 0; i < 5; i++) {
      jdkStart[i] = child("jdk");
      jettyStart[i] = child("jetty");
    }
    System.out.printf("HttpServerBench: start in a fresh JVM to the first answer, median of 5: JDK %.1f ms,"
        + " engram-http %.1f ms (%.2fx)%n", median(jdkStart) / 1e3, median(jettyStart) / 1e3,
        (double) median(jettyStart) / median(jdkStart));
    try (AutoCloseable jdk = start("jdk"); AutoCloseable jetty = start("jetty")) {
      int jdkPort = port(jdk);
      int jettyPort = port(jetty);
      for (int i = 0; i < 500; i++) { // warm both
        call(jdkPort);
        call(jettyPort);
      }
      long[] a = new long[calls];
      long[] b = new long[calls];
      for (int i = 0; i < calls; i++) {
        a[i] = call(jdkPort);
        b[i] = call(jettyPort);
      }
      System.out.printf("  hook-sized POST, new connection each, %d calls: JDK p50 %.0f us p99 %.0f us;"
          + " engram-http p50 %.0f us p99 %.0f us (p50 %.2fx)%n", calls, pct(a, 50), pct(a, 99), pct(b, 50),
          pct(b, 99), pct(b, 50) / pct(a, 50));
    }
  }

  private static AutoCloseable start(String which) throws IOException {
    InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    if (which.equals("jdk")) {
      HttpServer server = HttpServer.create(any, 64);
      server.createContext("/hook/", exchange -> {
        try (exchange) {
          exchange.getRequestBody().readAllBytes();
          exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
          exchange.sendResponseHeaders(200, ANSWER.length);
          exchange.getResponseBody().write(ANSWER);
        }
      });
      server.start();
      return new Jdk(server);
    }
    return EngramHttpServer.builder().bind(any).route("/hook/*", new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws IOException {
        RequestBody.read(request);
        return new HttpAnswer(200, java.util.Map.of("Content-Type", "text/plain; charset=utf-8"), ANSWER)
            .send(response, callback);
      }
    }).start();
  }

  private record Jdk(HttpServer server) implements AutoCloseable {
    @Override
    public void close() {
      server.stop(0);
    }
  }

  private static int port(AutoCloseable server) {
    return server instanceof Jdk jdk ? jdk.server().getAddress().getPort()
        : ((EngramHttpServer) server).address().getPort();
  }

  /** One hook call as the launcher makes it; returns its time in nanoseconds. */
  private static long call(int port) throws IOException {
    long t0 = System.nanoTime();
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
      OutputStream out = s.getOutputStream();
      out.write(("POST /hook/UserPromptSubmit HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\n"
          + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n\r\n")
          .getBytes(StandardCharsets.UTF_8));
      out.write(body);
      out.flush();
      InputStream in = s.getInputStream();
      byte[] all = in.readAllBytes();
      if (all.length < ANSWER.length || all[9] != '2') {
        throw new IOException("unexpected answer: " + new String(all, 0, Math.min(all.length, 80),
            StandardCharsets.ISO_8859_1));
      }
    }
    return System.nanoTime() - t0;
  }

  private static long child(String which) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xshare:auto", "-cp",
        System.getProperty("java.class.path"), HttpServerBench.class.getName(), "--child", which));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
        .redirectInput(new File("/dev/null")).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (p.waitFor() != 0) {
      throw new IOException("child " + which + " failed: " + out);
    }
    return Long.parseLong(out);
  }

  private static long median(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double pct(long[] nanos, int p) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return s[Math.min(s.length - 1, s.length * p / 100)] / 1_000.0;
  }
}
