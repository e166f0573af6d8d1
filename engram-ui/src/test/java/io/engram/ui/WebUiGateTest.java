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
  void aPageWithoutSessionIsRefusedWithALoginNotice() throws Exception {
    HttpResponse<String> r = ui.get("/ui/", Optional.empty());
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
    assertThat(r.body()).contains("not logged in", "engram ui").doesNotContain("tests-need-redis");
  }

  @Test
  void theApiWithoutSessionAnswers401AndNoData() throws Exception {
    for (String path : List.of("/ui/api/memories", "/ui/api/memory?name=tests-need-redis", "/ui/api/trash",
        "/ui/assets/app.js")) {
      HttpResponse<String> r = ui.get(path, Optional.empty());
      assertThat(r.statusCode()).as(path).isEqualTo(401);
      assertThat(r.body()).as(path).doesNotContain("localhost:6379");
    }
    HttpResponse<String> forget = ui.post("/ui/api/memory/forget", "{\"name\":\"tests-need-redis\"}", List.of());
    assertThat(forget.statusCode()).isEqualTo(401);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void anUnknownSessionCookieIsRefused() throws Exception {
    assertThat(ui.get("/ui/api/memories", Optional.of("0".repeat(64))).statusCode()).isEqualTo(401);
  }

  @Test
  void theLoginLinkWorksOnceAndSetsAnHttpOnlyStrictCookieForTheUiOnly() throws Exception {
    String path = ui.ui.loginPath(ui.project);
    HttpResponse<String> first = ui.get(path, Optional.empty());
    assertThat(first.statusCode()).isEqualTo(303);
    assertThat(first.headers().firstValue("Location")).hasValue("/ui/");
    String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(cookie).startsWith(ui.cookieName() + "=").contains("HttpOnly", "SameSite=Strict", "Path=/ui/");
    String id = cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    assertThat(ui.get("/ui/api/memories", Optional.of(id)).body()).contains("tests-need-redis");

    HttpResponse<String> again = ui.get(path, Optional.empty());
    assertThat(again.statusCode()).isEqualTo(403);
    assertThat(again.headers().firstValue("Set-Cookie")).isEmpty();
    assertThat(again.body()).contains("unknown, used or expired");
  }

  @Test
  void anExpiredLoginLinkIsRefused() throws Exception {
    String path = ui.ui.loginPath(ui.project);
    ui.clock.advance(Duration.ofSeconds(121));
    assertThat(ui.get(path, Optional.empty()).statusCode()).isEqualTo(403);
  }

  @Test
  void aSessionEndsAfterItsIdleTime() throws Exception {
    TestUi.Session s = ui.login();
    ui.clock.advance(Duration.ofMinutes(479));
    assertThat(ui.get("/ui/api/memories", Optional.of(s.cookie())).statusCode()).isEqualTo(200);
    ui.clock.advance(Duration.ofMinutes(481));
    assertThat(ui.get("/ui/api/memories", Optional.of(s.cookie())).statusCode()).isEqualTo(401);
  }

  @Test
  void loginCodesAreOnlyForTheServiceTokenHolder() throws Exception {
    String body = "{\"project\":\"" + ui.project + "\"}";
    assertThat(ui.post("/ui/login-code", body, List.of()).statusCode()).isEqualTo(401);
    assertThat(ui.post("/ui/login-code", body, List.of("Authorization", "Bearer wrong")).statusCode()).isEqualTo(401);
    HttpResponse<String> ok = ui.post("/ui/login-code", body, List.of("Authorization", TestUi.SERVICE_TOKEN));
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(ok.body()).contains("\"path\":\"/ui/login?code=");
  }

  @Test
  void aChangeWithoutTheCsrfTokenIsRefusedAndChangesNothing() throws Exception {
    TestUi.Session s = ui.login();
    String forget = "{\"name\":\"tests-need-redis\"}";
    String cookie = ui.cookieName() + "=" + s.cookie();
    assertThat(ui.post("/ui/api/memory/forget", forget, List.of("Cookie", cookie)).statusCode()).isEqualTo(403);
    assertThat(ui.post("/ui/api/memory/forget", forget, List.of("Cookie", cookie, WebUi.CSRF_HEADER, "f".repeat(64)))
        .statusCode()).isEqualTo(403);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void aChangeFromAnotherOriginIsRefusedEvenWithTheToken() throws Exception {
    TestUi.Session s = ui.login();
    String cookie = ui.cookieName() + "=" + s.cookie();
    String forget = "{\"name\":\"tests-need-redis\"}";
    HttpResponse<String> origin = ui.post("/ui/api/memory/forget", forget,
        List.of("Cookie", cookie, WebUi.CSRF_HEADER, s.csrf(), "Origin", "http://evil.example"));
    assertThat(origin.statusCode()).isEqualTo(403);
    HttpResponse<String> site = ui.post("/ui/api/memory/forget", forget,
        List.of("Cookie", cookie, WebUi.CSRF_HEADER, s.csrf(), "Sec-Fetch-Site", "cross-site"));
    assertThat(site.statusCode()).isEqualTo(403);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void aChangeMustBeJson() throws Exception {
    TestUi.Session s = ui.login();
    HttpResponse<String> form = ui.post("/ui/api/memory/forget", "name=tests-need-redis",
        List.of("Cookie", ui.cookieName() + "=" + s.cookie(), WebUi.CSRF_HEADER, s.csrf(),
            "Content-Type", "application/x-www-form-urlencoded"));
    assertThat(form.statusCode()).isIn(400, 415);
    assertThat(ui.memory().read("tests-need-redis")).isPresent();
  }

  @Test
  void aRequestNamingAnotherHostIsRefused() throws Exception {
    TestUi.Session s = ui.login();
    String response = rawGet("/ui/api/memories", "rebound.example:" + ui.port(), ui.cookieName() + "=" + s.cookie());
    assertThat(response).startsWith("HTTP/1.1 403").doesNotContain("tests-need-redis");
    assertThat(rawGet("/ui/api/memories", "localhost:" + ui.port(), ui.cookieName() + "=" + s.cookie()))
        .startsWith("HTTP/1.1 200");
  }

  @Test
  void logoutEndsTheSession() throws Exception {
    TestUi.Session s = ui.login();
    assertThat(ui.change(s, "/ui/logout", "{}").statusCode()).isEqualTo(200);
    assertThat(ui.get("/ui/api/memories", Optional.of(s.cookie())).statusCode()).isEqualTo(401);
  }

  @Test
  void everyAnswerForbidsInlineScriptsFramingAndCaching() throws Exception {
    TestUi.Session s = ui.login();
    for (HttpResponse<String> r : List.of(ui.get("/ui/", Optional.of(s.cookie())), ui.get("/ui/", Optional.empty()))) {
      assertThat(r.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
          assertThat(csp).contains("script-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe-inline"));
      assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-store");
    }
  }

  @Test
  void onlyTheUisOwnAssetsAreServed() throws Exception {
    TestUi.Session s = ui.login();
    assertThat(ui.get("/ui/assets/app.js", Optional.of(s.cookie())).statusCode()).isEqualTo(200);
    for (String path : List.of("/ui/assets/../WebUi.class", "/ui/assets/index.html", "/ui/assets/%2e%2e/Html.class",
        "/ui/assets/nothing.js")) {
      assertThat(ui.get(path, Optional.of(s.cookie())).statusCode()).as(path).isEqualTo(404);
    }
  }

  private static String rawGet(String path, String host, String cookie) throws Exception {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(host.replaceAll(".*:", "")))) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nCookie: " + cookie
          + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
