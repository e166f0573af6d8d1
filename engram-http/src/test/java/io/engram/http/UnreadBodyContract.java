package io.engram.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * What every server on engram-http keeps when it answers a request without reading its body (a refusal before
 * the body: 401, 403, 405, 413): the answer says {@code Connection: close} and the connection is closed, so a
 * client that pools connections opens a new one for its next request instead of sending it into the closing one.
 * A server's test extends this class and says how to start the server, which POST it refuses before reading the
 * body, and which request it answers; the JDK's HTTP client, which pools connections, sends them. Each test has a
 * server of its own and mostly waits on it, so the tests run side by side.
 */
@Execution(ExecutionMode.CONCURRENT)
public abstract class UnreadBodyContract {
  // Rounds of a refusal then an answer on one client: the failure was a race, so one round proves little.
  private static final int ROUNDS = 12;
  // A body in two parts with a pause between, so the refusal is sent while the body is still arriving.
  private static final int BODY_BYTES = 16 * 1024;
  private static final long BODY_PAUSE_MILLIS = 30;

  /** A started server: the address its requests go to, and how to stop it. */
  public record Served(URI base, AutoCloseable server) {}

  @TempDir Path dir;
  private Served served;

  /** Starts the server under test on a loopback port, its files (when it has any) under {@code dir}. */
  protected abstract Served start(Path dir) throws Exception;

  /** A POST carrying {@code body} that the server refuses without reading the body. */
  protected abstract HttpRequest refusedBeforeItsBody(URI base, HttpRequest.BodyPublisher body);

  /** A request the server answers with a 2xx status. */
  protected abstract HttpRequest answered(URI base);

  @BeforeEach
  void startServer() throws Exception {
    served = start(dir);
  }

  @AfterEach
  void stopServer() throws Exception {
    served.server().close();
  }

  @Test
  void aRequestRefusedBeforeItsBodyIsReadSaysConnectionClose() throws Exception {
    HttpResponse<String> refused = client().send(refusedBeforeItsBody(served.base(), wholeBody()),
        HttpResponse.BodyHandlers.ofString());
    assertThat(refused.statusCode()).isBetween(400, 499);
    assertThat(refused.headers().firstValue("Connection")).contains("close");
  }

  @Test
  void aBodyStillArrivingWhenRefusedLeavesTheClientsNextRequestAnswered() throws Exception {
    HttpClient client = client();
    for (int round = 0; round < ROUNDS; round++) {
      // A server may close while the client still sends (RFC 9112, 9.6): the refusal itself can then be lost to the
      // reset of a connection with unread bytes, which no server can prevent. What must hold is the next request.
      try {
        HttpResponse<String> refused = client.send(refusedBeforeItsBody(served.base(), slowBody()),
            HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as("round %d, refused", round).isBetween(400, 499);
        assertThat(refused.headers().firstValue("Connection")).as("round %d", round).contains("close");
      } catch (java.io.IOException lostToTheReset) {
        // the refusal was lost to the reset; the next request below must still be answered
      }
      HttpResponse<String> next = client.send(answered(served.base()), HttpResponse.BodyHandlers.ofString());
      assertThat(next.statusCode()).as("round %d, the next request", round).isBetween(200, 299);
    }
  }

  @Test
  void aWholeBodyRefusedLeavesTheClientsNextRequestAnswered() throws Exception {
    HttpClient client = client();
    for (int round = 0; round < ROUNDS; round++) {
      assertThat(client.send(refusedBeforeItsBody(served.base(), wholeBody()), HttpResponse.BodyHandlers.ofString())
          .statusCode()).as("round %d, refused", round).isBetween(400, 499);
      assertThat(client.send(answered(served.base()), HttpResponse.BodyHandlers.ofString()).statusCode())
          .as("round %d, the next request", round).isBetween(200, 299);
    }
  }

  private static HttpClient client() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  private static byte[] body() {
    return ("{\"pad\":\"" + "x".repeat(BODY_BYTES - 10) + "\"}").getBytes(StandardCharsets.UTF_8);
  }

  private static HttpRequest.BodyPublisher wholeBody() {
    return HttpRequest.BodyPublishers.ofByteArray(body());
  }

  // The body with its Content-Length, its second half sent after a pause.
  private static HttpRequest.BodyPublisher slowBody() {
    byte[] bytes = body();
    return HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
      private int next;

      @Override
      public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] to, int off, int len) {
        if (next >= bytes.length) {
          return -1;
        }
        if (next == bytes.length / 2) {
          pause();
        }
        int n = Math.min(len, (next < bytes.length / 2 ? bytes.length / 2 : bytes.length) - next);
        System.arraycopy(bytes, next, to, off, n);
        next += n;
        return n;
      }
    }), bytes.length);
  }

  private static void pause() {
    try {
      Thread.sleep(BODY_PAUSE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted while sending a body", e));
    }
  }
}
