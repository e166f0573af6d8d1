package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.Memory;
import io.engram.memory.MemoryType;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebUiGateTest {
  @TempDir Path dir;
  TestUi ui;

  @BeforeEach
  void start() throws Exception {
    ui = new TestUi(dir);
    ui.remember(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis",
        "Start Redis on localhost:6379 before `mvn verify`."));
  }

  @AfterEach
  void stop() {
    ui.close();
  }

  @Test
  void thePageAndItsAssetsHoldNoDataAndNeedNoLogin() throws Exception {
    for (String path : List.of("/ui/", "/ui/assets/app.js", "/ui/assets/app.css")) {
      HttpResponse<String> r = ui.get(path, Optional.empty());
      assertThat(r.statusCode()).as(path).isEqualTo(200);
      assertThat(r.body()).as(path).doesNotContain("tests-need-redis", "localhost:6379");
    }
  }

  @Test
  void theApiWithoutSessionAnswers401AndNoData() throws Exception {
    for (String path : List.of("/ui/api/memories", "/ui/api/memory?name=tests-need-redis", "/ui/api/trash",
        "/ui/api/project")) {
      HttpResponse<String> r = ui.get(path, Optional.empty());
      assertThat(r.statusCode()).as(path).isEqualTo(401);
      assertThat(r.body()).as(path).doesNotContain("localhost:6379");
    }
    HttpResponse<String> forget = ui.post("/ui/api/memory/forget", "{\"name\":\"tests-need-redis\"}", List.of());
    assertThat(forget.statusCode()).isEqualTo(401);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void anUnknownSessionTokenIsRefused() throws Exception {
    assertThat(ui.get("/ui/api/memories", Optional.of(new TestUi.Session("0".repeat(64)))).statusCode()).isEqualTo(401);
  }

  @Test
  void theSessionIsNoCookieSoNothingTheBrowserSendsByItselfOpensIt() throws Exception {
    // What another server on 127.0.0.1 could receive from the user's browser: every cookie of the host (cookies
    // ignore the port) and HTTP authentication. None of it opens a session, and no answer sets a cookie.
    TestUi.Session s = ui.login();
    for (String cookie : List.of("engram_ui_" + ui.port() + "=" + s.token(), "session=" + s.token(), s.token())) {
      HttpResponse<String> r = ui.get("/ui/api/memories", List.of("Cookie", cookie));
      assertThat(r.statusCode()).as(cookie).isEqualTo(401);
      assertThat(r.body()).doesNotContain("tests-need-redis");
    }
    assertThat(ui.get("/ui/api/memories", List.of("Authorization", "Bearer " + s.token())).statusCode()).isEqualTo(401);
    HttpResponse<String> forget = ui.post("/ui/api/memory/forget", "{\"name\":\"tests-need-redis\"}",
        List.of("Cookie", "engram_ui_" + ui.port() + "=" + s.token()));
    assertThat(forget.statusCode()).isEqualTo(401);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
    for (HttpResponse<String> r : List.of(ui.get("/ui/", Optional.empty()), ui.get("/ui/api/memories", Optional.of(s)))) {
      assertThat(r.headers().firstValue("Set-Cookie")).isEmpty();
    }
    assertThat(ui.get("/ui/api/memories", Optional.of(s)).body()).contains("tests-need-redis");
  }

  @Test
  void theLoginCodeIsTradedOnceForASessionToken() throws Exception {
    String path = ui.ui.loginPath(ui.project);
    assertThat(path).startsWith("/ui/#login=");
    String body = "{\"code\":\"" + WebUi.loginCode(path) + "\"}";
    HttpResponse<String> first = ui.post("/ui/login", body, List.of());
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.headers().firstValue("Set-Cookie")).isEmpty();
    TestUi.Session s = new TestUi.Session(UiExchange.JSON.readTree(first.body()).get("session").asText());
    assertThat(ui.get("/ui/api/memories", Optional.of(s)).body()).contains("tests-need-redis");

    HttpResponse<String> again = ui.post("/ui/login", body, List.of());
    assertThat(again.statusCode()).isEqualTo(403);
    assertThat(again.body()).contains("unknown, used or expired").doesNotContain("session\":");
    assertThat(ui.get("/ui" + "/login?code=" + WebUi.loginCode(ui.ui.loginPath(ui.project)), Optional.empty())
        .statusCode()).as("a GET trades nothing").isEqualTo(405);
  }

  @Test
  void aLoginFromAnotherOriginIsRefused() throws Exception {
    String body = "{\"code\":\"" + WebUi.loginCode(ui.ui.loginPath(ui.project)) + "\"}";
    assertThat(ui.post("/ui/login", body, List.of("Origin", "http://127.0.0.1:9")).statusCode()).isEqualTo(403);
    assertThat(ui.post("/ui/login", body, List.of("Sec-Fetch-Site", "same-site")).statusCode()).isEqualTo(403);
  }

  @Test
  void anExpiredLoginLinkIsRefused() throws Exception {
    String path = ui.ui.loginPath(ui.project);
    ui.clock.advance(Duration.ofSeconds(121));
    assertThat(ui.post("/ui/login", "{\"code\":\"" + WebUi.loginCode(path) + "\"}", List.of()).statusCode())
        .isEqualTo(403);
  }

  @Test
  void aSessionEndsAfterItsIdleTime() throws Exception {
    TestUi.Session s = ui.login();
    ui.clock.advance(Duration.ofMinutes(479));
    assertThat(ui.get("/ui/api/memories", Optional.of(s)).statusCode()).isEqualTo(200);
    ui.clock.advance(Duration.ofMinutes(481));
    assertThat(ui.get("/ui/api/memories", Optional.of(s)).statusCode()).isEqualTo(401);
  }

  @Test
  void loginCodesAreOnlyForTheServiceTokenHolder() throws Exception {
    String body = "{\"project\":\"" + ui.project + "\"}";
    assertThat(ui.post("/ui/login-code", body, List.of()).statusCode()).isEqualTo(401);
    assertThat(ui.post("/ui/login-code", body, List.of("Authorization", "Bearer wrong")).statusCode()).isEqualTo(401);
    HttpResponse<String> ok = ui.post("/ui/login-code", body, List.of("Authorization", TestUi.SERVICE_TOKEN));
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(ok.body()).contains("\"path\":\"/ui/#login=");
  }

  @Test
  void aChangeWithoutTheSessionHeaderIsRefusedAndChangesNothing() throws Exception {
    TestUi.Session s = ui.login();
    String forget = "{\"name\":\"tests-need-redis\"}";
    assertThat(ui.post("/ui/api/memory/forget", forget, List.of()).statusCode()).isEqualTo(401);
    assertThat(ui.post("/ui/api/memory/forget", forget, List.of(WebUi.SESSION_HEADER, "f".repeat(64)))
        .statusCode()).isEqualTo(401);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
    assertThat(s.token()).hasSize(64);
  }

  @Test
  void aChangeFromAnotherOriginIsRefusedEvenWithTheToken() throws Exception {
    TestUi.Session s = ui.login();
    String forget = "{\"name\":\"tests-need-redis\"}";
    HttpResponse<String> origin = ui.post("/ui/api/memory/forget", forget,
        List.of(WebUi.SESSION_HEADER, s.token(), "Origin", "http://evil.example"));
    assertThat(origin.statusCode()).isEqualTo(403);
    HttpResponse<String> site = ui.post("/ui/api/memory/forget", forget,
        List.of(WebUi.SESSION_HEADER, s.token(), "Sec-Fetch-Site", "cross-site"));
    assertThat(site.statusCode()).isEqualTo(403);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void aChangeMustBeJson() throws Exception {
    TestUi.Session s = ui.login();
    HttpResponse<String> form = ui.post("/ui/api/memory/forget", "name=tests-need-redis",
        List.of(WebUi.SESSION_HEADER, s.token(), "Content-Type", "application/x-www-form-urlencoded"));
    assertThat(form.statusCode()).isIn(400, 415);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void aRequestNamingAnotherHostIsRefused() throws Exception {
    TestUi.Session s = ui.login();
    String response = rawGet("/ui/api/memories", "rebound.example:" + ui.port(), s.token());
    assertThat(response).startsWith("HTTP/1.1 403").doesNotContain("tests-need-redis");
    assertThat(rawGet("/ui/api/memories", "localhost:" + ui.port(), s.token()))
        .startsWith("HTTP/1.1 200");
  }

  @Test
  void logoutEndsTheSession() throws Exception {
    TestUi.Session s = ui.login();
    assertThat(ui.change(s, "/ui/logout", "{}").statusCode()).isEqualTo(200);
    assertThat(ui.get("/ui/api/memories", Optional.of(s)).statusCode()).isEqualTo(401);
  }

  @Test
  void everyAnswerForbidsInlineScriptsFramingAndCaching() throws Exception {
    TestUi.Session s = ui.login();
    for (HttpResponse<String> r : List.of(ui.get("/ui/api/memories", Optional.of(s)), ui.get("/ui/", Optional.empty()))) {
      assertThat(r.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
          assertThat(csp).contains("script-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe-inline"));
      assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-store");
    }
  }

  @Test
  void onlyTheUisOwnAssetsAreServed() throws Exception {
    TestUi.Session s = ui.login();
    assertThat(ui.get("/ui/assets/app.js", Optional.of(s)).statusCode()).isEqualTo(200);
    for (String path : List.of("/ui/assets/../WebUi.class", "/ui/assets/index.html", "/ui/assets/%2e%2e/Html.class",
        "/ui/assets/nothing.js")) {
      // An encoded dot segment is ambiguous: the server refuses it (400) before the UI sees it.
      assertThat(ui.get(path, Optional.of(s)).statusCode()).as(path).isIn(path.contains("%") ? 400 : 404, 404);
    }
  }

  private static String rawGet(String path, String host, String session) throws Exception {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(host.replaceAll(".*:", "")))) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + WebUi.SESSION_HEADER + ": " + session
          + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
