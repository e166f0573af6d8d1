package io.engram.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.service.EngramService;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.ui.WebUi;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram ui --print-url} against a service running in this JVM, and what its link opens. */
class UiCommandTest {
  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path user;
  private EngramService service;
  private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @BeforeEach
  void start() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    MemoryStores.open(new EngramRoots(home, user, project), EngramSettings.DEFAULTS)
        .write(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis", "Redis on 6379."));
    service = EngramService.start(home, user, Map.of(), "test", line -> { });
  }

  @AfterEach
  void stop() {
    service.close();
  }

  @Test
  void printUrlGivesAOneTimeLinkToTheProjectsMemories() throws Exception {
    CommandRun run = CommandRun.in(home, project, "ui", "--print-url");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String url = run.out().strip();
    assertThat(url).startsWith(service.info().url() + "/ui/#login=");

    HttpResponse<String> login = login(WebUi.loginCode(url));
    assertThat(login.statusCode()).isEqualTo(200);
    assertThat(login.headers().firstValue("Set-Cookie")).as("no cookie: it would reach every port").isEmpty();
    String token = new ObjectMapper().readTree(login.body()).get("session").asText();

    HttpResponse<String> memories = get(service.info().url() + "/ui/api/memories", token);
    assertThat(memories.statusCode()).isEqualTo(200);
    assertThat(memories.body()).contains("tests-need-redis");
    assertThat(get(service.info().url() + "/ui/api/project", token).body())
        .contains(project.toRealPath().toString().replace("\\", "\\\\"));
    assertThat(login(WebUi.loginCode(url)).statusCode()).as("the link works once").isEqualTo(403);
  }

  @Test
  void theSameAddressWithoutTheLoginIsRefused() throws Exception {
    HttpResponse<String> page = get(service.info().url() + "/ui/", "");
    assertThat(page.body()).doesNotContain("tests-need-redis");
    assertThat(get(service.info().url() + "/ui/api/memories", "").statusCode()).isEqualTo(401);
    HttpResponse<String> code = http.send(HttpRequest.newBuilder(URI.create(service.info().url() + "/ui/login-code"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"project\":\"" + project + "\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(code.statusCode()).as("login codes need the service token").isEqualTo(401);
  }

  private HttpResponse<String> login(String code) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(service.info().url() + "/ui/login"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"code\":\"" + code + "\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String url, String session) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET();
    if (!session.isEmpty()) {
      b.header(WebUi.SESSION_HEADER, session);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
