package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.mcp.transport.BearerToken;
import io.engram.mcp.transport.OriginPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Denial of service by slow clients: connections that send part of a request and stall, never send, or
 * never read, with bounds shortened to a second so the test runs fast. None of them may hold up a valid
 * client, and each is closed within its bound.
 */
class HttpSlowClientTest {
  private static final int READ_BOUND_MILLIS = 1_000;
  private static final String AUTH = "Authorization: Bearer " + TestServerMain.TOKEN + "\r\n";
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  private static final String STALLED_HEAD = "POST /mcp HTTP/1.1\r\nHost: x\r\n";

  @TempDir Path home;
  @TempDir Path project;
  private EngramMcpServer.Http server;
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
  void stalledRequestsNeitherBlockAValidClientNorStayOpenPastTheBound() throws Exception {
    start(16);
    List<Socket> stalled = open(12, STALLED_HEAD); // three times the worker pool
    long t0 = System.nanoTime();
    assertThat(valid().status()).isEqualTo(200);
    assertThat(millisSince(t0)).as("time to answer a valid request beside 12 stalled ones").isLessThan(3_000);
    for (Socket s : stalled) {
      assertClosedWithin(s, READ_BOUND_MILLIS + 2_000);
    }
  }

  @Test
  void aStalledBodyIsClosedWithinTheBound() throws Exception {
    start(16);
    Socket s = open(1, "POST /mcp HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: 100\r\n\r\n{\"jsonrpc\"").get(0);
    assertClosedWithin(s, READ_BOUND_MILLIS + 2_000);
  }

  @Test
  void moreStalledConnectionsThanOneAddressMayHoldStillLeaveRoomForANewClient() throws Exception {
    start(8);
    List<Socket> stalled = open(20, STALLED_HEAD);
    assertThat(valid().status()).isEqualTo(200);
    Thread.sleep(200);
    long open = stalled.stream().filter(HttpSlowClientTest::stillOpen).count();
    assertThat(open).as("stalled connections still open, 8 allowed per address").isLessThanOrEqualTo(8);
  }

  @Test
  void aClientThatSendsSlowlyButWithinTheBoundIsServed() throws Exception {
    start(16);
    String request = RawHttp.post(AUTH, INIT);
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
  void clientsThatNeverReadTheirAnswersHoldNoWorker() throws Exception {
    start(16);
    String tools = RawHttp.post(AUTH, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    List<Socket> deaf = open(6, tools.repeat(400)); // about 1.5 MB of answers each, never read
    Thread.sleep(500);
    long t0 = System.nanoTime();
    assertThat(valid().status()).isEqualTo(200);
    assertThat(millisSince(t0)).isLessThan(3_000);
    for (Socket s : deaf) {
      assertClosedWithin(s, 15_000);
    }
  }

  @Test
  void aConnectionThatSendsNothingIsClosedAfterTheIdleBound() throws Exception {
    start(16);
    Socket s = open(1, "").get(0);
    assertClosedWithin(s, 2 * READ_BOUND_MILLIS + 2_000);
  }

  @Test
  void connectionsResetByTheClientAtOnceLeaveTheServerServing() throws Exception {
    start(16);
    for (int i = 0; i < 50; i++) {
      Socket s = new Socket();
      s.setSoLinger(true, 0); // close with a reset
      s.connect(server.address(), 2_000);
      if (i % 2 == 0) {
        s.getOutputStream().write(RawHttp.post(AUTH, INIT).getBytes(StandardCharsets.UTF_8));
      }
      s.close();
    }
    assertThat(valid().status()).isEqualTo(200);
  }

  private void start(int perAddress) throws Exception {
    EngramSettings.Mcp d = EngramSettings.Mcp.DEFAULTS;
    EngramSettings.Mcp limits = new EngramSettings.Mcp(d.workers(), d.maxMessageBytes(), READ_BOUND_MILLIS,
        2 * READ_BOUND_MILLIS, READ_BOUND_MILLIS, 200, d.maxConnections(), perAddress, d.maxHeaderBytes(),
        d.maxHeaders(), d.minTokenBits(), d.stdioDrainMillis());
    server = EngramMcpServer.serveHttp(TestServerMain.services(home, project),
        new EngramMcpServer.HttpOptions(new InetSocketAddress("127.0.0.1", 0),
            BearerToken.of(TestServerMain.TOKEN, d.minTokenBits()), OriginPolicy.loopbackAnd(List.of()), limits),
        "test", line -> { });
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
    return RawHttp.exchange(server.address(), RawHttp.post(AUTH, INIT));
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
