package io.engram.ui;

import io.engram.http.UnreadBodyContract;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;

/** The web UI on engram-http: a change from another origin is refused before its body is read. */
class WebUiUnreadBodyTest extends UnreadBodyContract {
  @Override
  protected Served start(Path dir) throws Exception {
    TestUi ui = new TestUi(dir);
    return new Served(URI.create(ui.base()), ui);
  }

  @Override
  protected HttpRequest refusedBeforeItsBody(URI base, HttpRequest.BodyPublisher body) {
    return HttpRequest.newBuilder(base.resolve("/ui/login")).header("Content-Type", "application/json")
        .header("Origin", "http://127.0.0.1:9").POST(body).build();
  }

  @Override
  protected HttpRequest answered(URI base) {
    return HttpRequest.newBuilder(base.resolve("/ui/")).GET().build();
  }
}
