package io.engram.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.HttpSettings;
import io.engram.testing.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Denial of service by slow and huge requests: connections that send part of a request and stall, never send,
 * never read, or send a body of 400 MiB, with the time bounds shortened to a second so the test runs fast. None
 * of them may hold up a valid client, and each is closed within its bound. Each test has a server of its own and
 * mostly waits for a bound to pass, so the tests run side by side; the one that weighs the heap runs beside none
 * that fills it.
 */
@Execution(ExecutionMode.CONCURRENT)
class EngramHttpServerBoundsTest {
  /** The heap, which the 400 MiB test weighs and a test holding megabytes of unread answers fills. */
  private static final String HEAP = "heap";

  private static final int READ_BOUND_MILLIS = 1_000;
  private static final String AUTH = "Authorization: Bearer right\r\n";
  private static final String STALLED_HEAD = "POST /echo HTTP/1.1\r\nHost: x\r\n";
  private static final int MAX_BODY = 64 * 1024;

  private EngramHttpServer server;
  private final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void stop() throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void fourIdleConnectionsWithoutATokenLeaveEveryOtherCallerServed() throws Exception {
    start(16);
    List<Socket> idle = open(4, "");
    long t0 = System.nanoTime();
    assertThat(valid().status()).isEqualTo(200);
    assertThat(millisSince(t0)).as("time to answer beside four idle connections").isLessThan(1_000);
    assertThat(idle).allMatch(EngramHttpServerBoundsTest::stillOpen); // within their idle bound, they wait
  }

  @Test
  void stalledHeadsNeitherBlockAValidClientNorStayOpenPastTheBound() throws Exception {
    start(16);
    List<Socket> stalled = open(12, STALLED_HEAD);
    long t0 = System.nanoTime();
    assertThat(valid().status()).isEqualTo(200);
    assertThat(millisSince(t0)).as("time to answer a valid request beside 12 stalled ones").isLessThan(3_000);
    for (Socket s : stalled) {
      assertClosedWithin(s, READ_BOUND_MILLIS + 2_000);
    }
  }

  @Test
  void aClientSendingAByteAtATimeUnderTheIdleBoundIsClosedAtTheReadBound() throws Exception {
    start(16);
    Socket loris = open(1, "P").get(0);
    long t0 = System.nanoTime();
    boolean closed = false;
    for (char c : "OST /echo HTTP/1.1\r\nHost: x\r\nX-Pad: aaaaaaaaaaaaaaaaaaaa".toCharArray()) {
      try {
        loris.getOutputStream().write(c);
        loris.getOutputStream().flush();
      } catch (IOException e) {
        closed = true;
        break;
      }
      assertThat(valid().status()).isEqualTo(200);
      Thread.sleep(100);
    }
    if (!closed) {
      assertClosedWithin(loris, READ_BOUND_MILLIS + 2_000);
    }
    assertThat(millisSince(t0)).isLessThan(READ_BOUND_MILLIS + 4_000);
  }

  @Test
  void aStalledBodyIsClosedWithinTheBound() throws Exception {
    start(16);
    Socket s = open(1, "POST /echo HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: 100\r\n\r\n{\"a\"").get(0);
    assertClosedWithin(s, READ_BOUND_MILLIS + 2_000);
  }

  @Test
  void moreStalledConnectionsThanOneClientMayHoldStillLeaveRoomForANewOne() throws Exception {
    start(8);
    List<Socket> stalled = open(20, STALLED_HEAD);
    assertThat(valid().status()).isEqualTo(200);
    Thread.sleep(200);
    long open = stalled.stream().filter(EngramHttpServerBoundsTest::stillOpen).count();
    assertThat(open).as("stalled connections still open, 8 allowed per client").isLessThanOrEqualTo(8);
  }

  @Test
  void aClientThatSendsSlowlyButWithinTheBoundIsServed() throws Exception {
    start(16);
    String request = post(AUTH, "{\"hello\":1}");
    try (Socket s = new Socket()) {
      s.connect(server.address(), 2_000);
      s.setSoTimeout(10_000);
      int step = request.length() / 5 + 1;
      for (int i = 0; i < request.length(); i += step) {
        s.getOutputStream().write(request.substring(i, Math.min(request.length(), i + step))
            .getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        Thread.sleep(READ_BOUND_MILLIS / 10);
      }
      assertThat(RawHttp.read(s.getInputStream()).status()).isEqualTo(200);
    }
  }

  @Test
  @ResourceLock(value = HEAP, mode = ResourceAccessMode.READ)
  void clientsThatNeverReadTheirAnswersHoldNoWorker() throws Exception {
    start(16);
    List<Socket> deaf = open(6, post(AUTH, "x".repeat(60_000)).repeat(40)); // 2.4 MB of answers each, never read
    Thread.sleep(500);
    long t0 = System.nanoTime();
    assertThat(valid().status()).isEqualTo(200);
    assertThat(millisSince(t0)).isLessThan(3_000);
    for (Socket s : deaf) {
      assertClosedWithin(s, 2 * READ_BOUND_MILLIS + 5_000);
    }
  }

  @Test
  void aConnectionThatSendsNothingIsClosedAfterTheIdleBound() throws Exception {
    start(16);
    Socket s = open(1, "").get(0);
    assertClosedWithin(s, 2 * READ_BOUND_MILLIS + 2_000);
  }

  @Test
  @ResourceLock(HEAP)
  void aBodyOf400MiBIsRefusedBeforeItIsReadWhetherItsLengthIsSaidOrNot() throws Exception {
    start(16);
    long before = usedHeap();
    for (String framing : List.of("Content-Length: " + (400L << 20) + "\r\n", "Transfer-Encoding: chunked\r\n")) {
      try (Socket s = new Socket()) {
        s.connect(server.address(), 2_000);
        s.setSoTimeout(10_000);
        OutputStream out = s.getOutputStream();
        out.write(("POST /echo HTTP/1.1\r\nHost: x\r\n" + AUTH + framing + "\r\n").getBytes(StandardCharsets.UTF_8));
        boolean chunked = framing.startsWith("Transfer");
        byte[] chunk = (chunked ? Integer.toHexString(1 << 16) + "\r\n" + "x".repeat(1 << 16) + "\r\n"
            : "x".repeat(1 << 16)).getBytes(StandardCharsets.UTF_8);
        long sent = 0;
        try {
          while (sent < (400L << 20)) {
            out.write(chunk);
            sent += 1 << 16;
          }
        } catch (IOException refused) {
          // the server closed the connection: what it answered is read below
        }
        assertThat(sent).as("bytes the server let in before closing (" + framing.strip() + ")")
            .isLessThan(64L << 20);
        RawHttp.Answer answer = RawHttp.readOrEmpty(s.getInputStream());
        assertThat(answer.status()).isIn(413, 0); // 0: the server closed before the client read its answer
      }
      assertThat(valid().status()).isEqualTo(200);
    }
    assertThat(usedHeap() - before).as("heap grown by refusing them").isLessThan(64L << 20);
  }

  @Test
  void aBodyOverTheRouteBoundGets413AndOneUnderItIsRead() throws Exception {
    start(16);
    assertThat(RawHttp.exchange(server.address(), post(AUTH, "x".repeat(MAX_BODY + 1))).status()).isEqualTo(413);
    String big = "x".repeat(MAX_BODY + 10);
    String chunked = "POST /echo HTTP/1.1\r\nHost: x\r\n" + AUTH + "Transfer-Encoding: chunked\r\n\r\n"
        + Integer.toHexString(big.length()) + "\r\n" + big + "\r\n0\r\n\r\n";
    assertThat(RawHttp.exchange(server.address(), chunked).status()).isEqualTo(413);
    RawHttp.Answer fits = RawHttp.exchange(server.address(), post(AUTH, "x".repeat(MAX_BODY)));
    assertThat(fits.status()).isEqualTo(200);
    assertThat(fits.body()).startsWith("read " + MAX_BODY + "x");
    RawHttp.Answer unknown = RawHttp.exchange(server.address(), "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.body()).startsWith("404 not found: GET /nowhere").doesNotContain("<");
  }

  @Test
  void connectionsResetByTheClientAtOnceLeaveTheServerServing() throws Exception {
    start(16);
    for (int i = 0; i < 50; i++) {
      Socket s = new Socket();
      s.setSoLinger(true, 0); // close with a reset
      s.connect(server.address(), 2_000);
      if (i % 2 == 0) {
        s.getOutputStream().write(post(AUTH, "{}").getBytes(StandardCharsets.UTF_8));
      }
      s.close();
    }
    assertThat(valid().status()).isEqualTo(200);
  }

  @Test
  void aPreferredPortThatIsTakenFallsBackToAnyFreeOne() throws Exception {
    start(16);
    int taken = server.address().getPort();
    try (EngramHttpServer second = EngramHttpServer.builder().bind(new InetSocketAddress("127.0.0.1", 0))
        .preferPort(taken).route("/echo", new Echo()).start()) {
      assertThat(second.address().getPort()).isNotEqualTo(taken).isPositive();
    }
  }

  private void start(int perClient) throws Exception {
    HttpSettings d = HttpSettings.DEFAULTS;
    HttpSettings limits = new HttpSettings(READ_BOUND_MILLIS, 2 * READ_BOUND_MILLIS, d.maxConnections(),
        perClient, d.maxHeaderBytes(), d.maxBodyBytes(), d.maxThreads());
    server = EngramHttpServer.builder().bind(new InetSocketAddress("127.0.0.1", 0)).limits(limits)
        .route("/echo", MAX_BODY, new Echo()).start();
  }

  /** Refuses a caller without the token before reading its body; reads the body of one with it. */
  private static final class Echo extends Handler.Abstract {
    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      if (!"Bearer right".equals(request.getHeaders().get(HttpHeader.AUTHORIZATION))) {
        return send(response, callback, 401, "unauthorized");
      }
      int length;
      try {
        length = RequestBody.read(request).length;
      } catch (RequestBody.TooLarge e) {
        return send(response, callback, 413, e.getMessage());
      }
      return send(response, callback, 200, "read " + length + (length > 1_000 ? "x".repeat(length) : ""));
    }

    private static boolean send(Response response, Callback callback, int status, String text) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      response.setStatus(status);
      response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
      response.write(true, ByteBuffer.wrap(bytes), callback);
      return true;
    }
  }

  private static String post(String headers, String body) {
    return "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "Content-Length: "
        + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
  }

  private List<Socket> open(int n, String send) throws IOException {
    List<Socket> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Socket s = new Socket();
      s.connect(server.address(), 2_000);
      s.getOutputStream().write(send.getBytes(StandardCharsets.UTF_8));
      s.getOutputStream().flush();
      sockets.add(s);
      out.add(s);
    }
    return out;
  }

  private RawHttp.Answer valid() throws IOException {
    return RawHttp.exchange(server.address(), post(AUTH, "{}"));
  }

  private static long usedHeap() {
    System.gc();
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }

  /** Reads (and drops) whatever the server sends until it closes the connection; fails past {@code millis}. */
  private static void assertClosedWithin(Socket s, long millis) throws IOException {
    long t0 = System.nanoTime();
    InputStream in = s.getInputStream();
    byte[] sink = new byte[64 * 1024];
    while (true) {
      long left = millis - millisSince(t0);
      assertThat(left).as("connection still open after %d ms", millis).isPositive();
      s.setSoTimeout((int) left);
      try {
        if (in.read(sink) < 0) {
          return;
        }
      } catch (SocketTimeoutException e) {
        // loop: the assertion above fails
      } catch (IOException reset) {
        return; // closed by the server with a reset
      }
    }
  }

  private static boolean stillOpen(Socket s) {
    try {
      s.setSoTimeout(50);
      return s.getInputStream().read() >= 0;
    } catch (SocketTimeoutException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static long millisSince(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }
}
