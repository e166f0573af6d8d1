package io.engram.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.RawHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;

/**
 * engram-http's own server, with a route that refuses a POST before its body and one that answers; besides the
 * contract, the refusals Jetty writes itself (413 by the announced length, 500 for a handler that failed) close
 * too, and a body read to its end keeps the connection for the next request.
 */
class EngramHttpServerUnreadBodyTest extends UnreadBodyContract {
  private static final int SMALL_BOUND = 1_024;
  private EngramHttpServer server;

  @Override
  protected Served start(Path dir) throws Exception {
    server = EngramHttpServer.builder().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .route("/refuse", answering((request, response, callback) ->
            HttpAnswer.text(403, "forbidden\n").send(response, callback)))
        .route("/silent", answering((request, response, callback) -> {
          response.setStatus(405);
          callback.succeeded();
          return true;
        }))
        .route("/fail", answering((request, response, callback) -> {
          throw new IllegalStateException("refused by throwing");
        }))
        .route("/small", SMALL_BOUND, answering((request, response, callback) ->
            HttpAnswer.text(200, RequestBody.read(request).length + "\n").send(response, callback)))
        .route("/echo", answering((request, response, callback) ->
            HttpAnswer.text(200, RequestBody.read(request).length + "\n").send(response, callback)))
        .route("/ok", answering((request, response, callback) -> HttpAnswer.text(200, "ok\n").send(response, callback)))
        .start();
    return new Served(URI.create("http://127.0.0.1:" + server.address().getPort()), server);
  }

  @Override
  protected HttpRequest refusedBeforeItsBody(URI base, HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(base.resolve("/refuse")).POST(body).build();
  }

  @Override
  protected HttpRequest answered(URI base) {
    return HttpRequest.newBuilder(base.resolve("/ok")).GET().build();
  }

  @Test
  void anAnswerWithoutAWriteAndTheAnswersJettyWritesItselfCloseWhenTheBodyIsUnread() throws Exception {
    String body = "x".repeat(SMALL_BOUND * 2);
    for (String path : new String[] {"/silent", "/fail", "/small"}) {
      try (Socket socket = connect()) {
        send(socket, RawHttp.post(path, "", body));
        RawHttp.Answer answer = RawHttp.read(socket.getInputStream());
        assertThat(answer.status()).as(path).isBetween(400, 599);
        assertThat(answer.head()).as(path).containsIgnoringCase("Connection: close");
        assertThat(socket.getInputStream().read()).as(path + ": the connection ends after the answer").isEqualTo(-1);
      }
    }
  }

  @Test
  void aBodyReadToItsEndKeepsTheConnectionForTheNextRequest() throws Exception {
    try (Socket socket = connect()) {
      for (int round = 0; round < 3; round++) {
        send(socket, RawHttp.post("/echo", "", "y".repeat(SMALL_BOUND)));
        RawHttp.Answer answer = RawHttp.read(socket.getInputStream());
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo(SMALL_BOUND + "\n");
        assertThat(answer.head()).doesNotContainIgnoringCase("Connection: close");
      }
      send(socket, "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertThat(RawHttp.read(socket.getInputStream()).head()).doesNotContainIgnoringCase("Connection: close");
    }
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket();
    socket.connect(server.address(), 5_000);
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static void send(Socket socket, String request) throws IOException {
    socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
    socket.getOutputStream().flush();
  }

  /** A handler from a lambda that may throw, as a route's handler may. */
  @FunctionalInterface
  private interface Answering {
    boolean handle(Request request, Response response, Callback callback) throws Exception;
  }

  private static Handler answering(Answering answering) {
    return new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        return answering.handle(request, response, callback);
      }
    };
  }
}
