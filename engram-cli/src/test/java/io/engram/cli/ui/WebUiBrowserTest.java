package io.engram.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.service.EngramService;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI in a real browser: Debian's Chromium, headless, driven by playwright-core
 * ({@code src/test/browser/ui.mjs}) against a service running in this JVM on a temporary home. One browser
 * launch logs in through {@code engram ui --print-url}'s link, finds a memory, searches, edits, forgets and
 * restores it, checks that a memory's text runs no script, previews a dream, applies it, opens its diff and
 * undoes it, and checks that a browser without the cookie is refused;
 * screenshots go to {@code target/ui-screenshots/}. Under {@code CI=true} a missing node, chromium or
 * {@code node_modules} fails the test ({@code .ci/setup} installs them); elsewhere it is skipped.
 */
class WebUiBrowserTest {
  private static final Path SCRIPT_DIR = Path.of("src", "test", "browser").toAbsolutePath();
  private static final Path SHOTS = Path.of("target", "ui-screenshots").toAbsolutePath();
  private static String node;
  private static String chromium;

  @TempDir Path home;
  @TempDir Path project;
  @TempDir Path user;
  private EngramService service;

  @BeforeAll
  static void findBrowser() {
    node = onPath("node");
    chromium = Optional.ofNullable(System.getenv("ENGRAM_CHROMIUM")).orElseGet(() -> onPath("chromium"));
    boolean driver = Files.isDirectory(SCRIPT_DIR.resolve("node_modules/playwright-core"));
    if (node == null || chromium == null || !driver) {
      String why = (node == null ? "node is not on the PATH" : chromium == null ? "chromium is not on the PATH"
          : "playwright-core is not installed") + "; run .ci/setup (or apt-get install chromium and `npm ci` in "
          + SCRIPT_DIR + ")";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("CI=true but " + why);
      }
      Assumptions.assumeTrue(false, "skipped: " + why);
    }
  }

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void aPersonLogsInFindsEditsForgetsAndRestoresAMemoryThenUndoesADream() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    ProjectMemory memory = MemoryStores.open(new EngramRoots(home, user, project), EngramSettings.DEFAULTS);
    memory.write(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis",
        "Start Redis on `localhost:6379` before `mvn verify`."));
    memory.write(Memory.of("prefers-tabs", MemoryType.USER, "the user indents with tabs", "Tabs, not spaces."));
    memory.write(Memory.of("xss-probe", MemoryType.REFERENCE, "<img src=x onerror=\"window.__pwned=1\">",
        "<script>window.__pwned=1</script>\n\n<img src=x onerror=\"window.__pwned=1\">\n\n[run](javascript:alert(1))"));
    Path index = memory.location().projectDir().resolve("MEMORY.md");
    String indexBefore = Files.readString(index) + "- [gone](gone.md) - a file deleted by hand\n";
    Files.writeString(index, indexBefore);
    service = EngramService.start(home, user, Map.of(), "test", line -> { });
    CommandRun ui = CommandRun.in(home, project, "ui", "--print-url");
    assertThat(ui.exitCode()).as(ui.err()).isZero();
    Files.createDirectories(SHOTS);

    JsonNode report = run(List.of(node, "ui.mjs", chromium, ui.out().strip(), service.info().url(), SHOTS.toString()));

    JsonNode refused = step(report, "refused");
    assertThat(refused.get("status").asInt()).isEqualTo(401);
    assertThat(refused.get("text").asText()).contains("not logged in").doesNotContain("tests-need-redis");
    JsonNode list = step(report, "list");
    assertThat(list.get("url").asText()).isEqualTo(service.info().url() + "/ui/");
    assertThat(list.get("rows").asInt()).isEqualTo(3);
    assertThat(list.get("cookie").get(0).get("httpOnly").asBoolean()).isTrue();
    assertThat(list.get("cookie").get(0).get("sameSite").asText()).isEqualTo("Strict");
    assertThat(step(report, "search").get("first").asText()).isEqualTo("tests-need-redis");
    JsonNode xss = step(report, "xss");
    assertThat(xss.get("pwned").asBoolean()).isFalse();
    assertThat(xss.get("scripts").asInt()).isZero();
    assertThat(xss.get("body").asText()).contains("<script>window.__pwned=1</script>");
    assertThat(xss.get("description").asText()).contains("<img src=x");
    assertThat(report.get("dialogs")).isEmpty();
    assertThat(step(report, "edit").get("body").asText()).contains("localhost:6380");
    assertThat(step(report, "restore").get("body").asText()).contains("localhost:6380");
    assertThat(step(report, "dreamPreview").get("diff").asText()).contains("-- [gone](gone.md)");
    JsonNode applied = step(report, "dreamApplied");
    assertThat(applied.get("message").asText()).contains("dream applied");
    assertThat(applied.get("phases").asText()).contains("orient", "apply");
    assertThat(applied.get("diff").asText()).contains("-- [gone](gone.md)");
    assertThat(step(report, "dreamUndone").get("message").asText()).contains("undid dream run");
    assertThat(step(report, "dreamUndone").get("undoButtons").asInt()).isZero();
    assertThat(Files.readString(index)).as("the undo put MEMORY.md back").contains("gone.md");
    assertThat(step(report, "stranger").get("status").asInt()).isEqualTo(401);
    assertThat(report.get("consoleErrors").toString()).as("only the refusals the test provoked")
        .doesNotContain("Content Security Policy");

    String body = memory.read("tests-need-redis").orElseThrow().memory().body();
    assertThat(body).contains("localhost:6380");
    assertThat(memory.trashed()).isEmpty();
    assertThat(SHOTS.resolve("04-edited.png")).isNotEmptyFile();
  }

  private static JsonNode step(JsonNode report, String name) {
    for (JsonNode s : report.get("steps")) {
      if (s.get("name").asText().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("the browser script reported no step '" + name + "': " + report);
  }

  private static JsonNode run(List<String> command) throws Exception {
    Path err = Files.createTempFile("ui-browser", ".err");
    Process p = new ProcessBuilder(command).directory(SCRIPT_DIR.toFile()).redirectError(err.toFile()).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("the browser script did not finish within 90 s");
    }
    String stdout = new String(out, StandardCharsets.UTF_8).strip();
    assertThat(p.exitValue()).as("browser script exit code; stderr:%n%s%nstdout:%n%s", Files.readString(err), stdout)
        .isZero();
    return new ObjectMapper().readTree(stdout.substring(stdout.lastIndexOf('\n') + 1));
  }

  private static String onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, name);
      if (f.canExecute()) {
        return f.getAbsolutePath();
      }
    }
    return null;
  }
}
