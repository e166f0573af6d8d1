package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryApiTest {
  @TempDir Path dir;
  TestUi ui;
  TestUi.Session session;

  @BeforeEach
  void start() throws Exception {
    ui = new TestUi(dir);
    ui.remember(Memory.builder("tests-need-redis", MemoryType.PROJECT).description("integration tests need Redis")
        .body("Start Redis on localhost:6379 before `mvn verify`.").source(MemorySource.USER).build());
    ui.remember(Memory.builder("prefers-tabs", MemoryType.USER).description("the user indents with tabs")
        .body("Tabs, not spaces.").source(MemorySource.MODEL).agent("gemini").build());
    ui.remember(Memory.builder("old-build-command", MemoryType.PROJECT).description("the build used make")
        .body("Run make all.").supersededBy("tests-need-redis").build());
    ui.remember(Memory.builder("gone-helper", MemoryType.REFERENCE).description("a helper class")
        .body("See FooHelper.java.").unknownKeys(Map.of("stale", "FooHelper.java no longer exists")).build());
    session = ui.login();
  }

  @AfterEach
  void stop() {
    ui.close();
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> r = ui.get(path, Optional.of(session));
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return UiExchange.JSON.readTree(r.body());
  }

  private static List<String> names(JsonNode page) {
    List<String> out = new ArrayList<>();
    page.get("memories").forEach(m -> out.add(m.get("name").asText()));
    return out;
  }

  @Test
  void listsProjectAndUserMemoriesWithTheirScopeAndTrust() throws Exception {
    JsonNode page = get("/ui/api/memories");
    assertThat(names(page)).containsExactly("gone-helper", "old-build-command", "prefers-tabs", "tests-need-redis");
    assertThat(page.get("total").asInt()).isEqualTo(4);
    JsonNode tabs = page.get("memories").get(2);
    assertThat(tabs.get("scope").asText()).isEqualTo("user");
    assertThat(tabs.get("trust").asText()).isEqualTo("model");
    assertThat(tabs.get("agent").asText()).as("the agent whose session it was learnt in").isEqualTo("Gemini CLI");
    assertThat(page.get("memories").get(3).get("agent").isNull()).isTrue();
  }

  @Test
  void filtersByTypeScopeTrustStaleAndSuperseded() throws Exception {
    assertThat(names(get("/ui/api/memories?type=project"))).containsExactly("old-build-command", "tests-need-redis");
    assertThat(names(get("/ui/api/memories?scope=user"))).containsExactly("prefers-tabs");
    assertThat(names(get("/ui/api/memories?trust=user"))).containsExactly("tests-need-redis");
    assertThat(names(get("/ui/api/memories?trust=unknown"))).containsExactly("gone-helper", "old-build-command");
    assertThat(names(get("/ui/api/memories?stale=yes"))).containsExactly("gone-helper");
    assertThat(names(get("/ui/api/memories?superseded=yes"))).containsExactly("old-build-command");
    assertThat(names(get("/ui/api/memories?superseded=no&stale=no")))
        .containsExactly("prefers-tabs", "tests-need-redis");
  }

  @Test
  void pagesCutTheListAndCountAllThatMatched() throws Exception {
    JsonNode second = get("/ui/api/memories?limit=3&offset=3");
    assertThat(names(second)).containsExactly("tests-need-redis");
    assertThat(second.get("total").asInt()).isEqualTo(4);
    assertThat(ui.get("/ui/api/memories?limit=100000", Optional.of(session)).statusCode()).isEqualTo(400);
    assertThat(ui.get("/ui/api/memories?stale=maybe", Optional.of(session)).body()).contains("yes, no or any");
  }

  @Test
  void searchRanksWithRecallAndSaysWhy() throws Exception {
    JsonNode page = get("/ui/api/memories?q=" + URLEncoder.encode("redis integration tests", StandardCharsets.UTF_8));
    assertThat(names(page).get(0)).isEqualTo("tests-need-redis");
    assertThat(page.get("memories").get(0).get("why").asText()).contains("bm25");
    assertThat(page.get("search").asText()).contains("bm25");
    assertThat(ui.memory().read("tests-need-redis").orElseThrow().memory().recallCount())
        .as("a person searching is not recall use").isZero();
  }

  @Test
  void aMemoryShowsItsFieldsAndItsBodyEscaped() throws Exception {
    ui.remember(Memory.builder("xss-probe", MemoryType.PROJECT).description("<img src=x onerror=alert(1)>")
        .body("<script>alert('body')</script>\n\n[click](javascript:alert(2))").session("s-42").turn("u-7").build());
    JsonNode d = get("/ui/api/memory?name=xss-probe");
    assertThat(d.get("bodyHtml").asText()).doesNotContain("<script", "javascript:")
        .contains("&lt;script&gt;");
    assertThat(d.get("session").asText()).isEqualTo("s-42");
    assertThat(d.get("turn").asText()).isEqualTo("u-7");
    assertThat(d.get("text").asText()).contains("name: xss-probe");
    assertThat(get("/ui/api/memory?name=gone-helper").get("otherFields").get("stale").toString())
        .contains("FooHelper.java");
    assertThat(ui.get("/ui/api/memory?name=nothing", Optional.of(session)).statusCode()).isEqualTo(404);
  }

  @Test
  void anEditIsSavedWhenItIsAValidMemoryOfTheSameName() throws Exception {
    String text = get("/ui/api/memory?name=tests-need-redis").get("text").asText()
        .replace("localhost:6379", "localhost:6380");
    HttpResponse<String> r = ui.change(session, "/ui/api/memory/edit", json(Map.of("name", "tests-need-redis",
        "text", text)));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(ui.memory().read("tests-need-redis").orElseThrow().memory().body()).contains("localhost:6380");

    JsonNode versions = get("/ui/api/memory/history?name=tests-need-redis").get("versions");
    assertThat(versions).hasSize(2);
    assertThat(versions.get(0).get("number").asInt()).isEqualTo(2);
    assertThat(versions.get(0).get("by").asText()).isEqualTo("ui");
    assertThat(versions.get(0).get("change").asText()).isEqualTo("edited");
    assertThat(versions.get(0).get("diff").asText()).contains("-Start Redis on localhost:6379",
        "+Start Redis on localhost:6380");
    assertThat(versions.get(1).get("change").asText()).isEqualTo("created");
    assertThat(ui.get("/ui/api/memory/history?name=nothing", Optional.of(session)).statusCode())
        .isEqualTo(404);
  }

  @Test
  void anInvalidEditOrARenameIsRefusedAndChangesNothing() throws Exception {
    Path file = ui.memory().read("tests-need-redis").orElseThrow().path();
    String before = Files.readString(file);
    HttpResponse<String> broken = ui.change(session, "/ui/api/memory/edit", json(Map.of("name", "tests-need-redis",
        "text", "---\nname: tests-need-redis\ntype: nonsense\n---\nbody\n")));
    assertThat(broken.statusCode()).isEqualTo(422);
    assertThat(broken.body()).contains("not saved", "unchanged");
    String renamed = MemoryFormat.format(ui.memory().read("tests-need-redis").orElseThrow().memory()
        .toBuilder().name("other-name").build());
    HttpResponse<String> rename = ui.change(session, "/ui/api/memory/edit", json(Map.of("name", "tests-need-redis",
        "text", renamed)));
    assertThat(rename.statusCode()).isEqualTo(422);
    assertThat(rename.body()).contains("the name cannot change");
    assertThat(Files.readString(file)).isEqualTo(before);
  }

  @Test
  void aNameTheStoreRefusesIsABadRequestOnEveryRouteNotAnInternalError() throws Exception {
    String dotted = json(Map.of("name", "../x", "type", "project", "description", "d", "body", "b"));
    assertThat(ui.get("/ui/api/memory?name=..%2Fx", Optional.of(session)).statusCode()).isEqualTo(400);
    assertThat(ui.get("/ui/api/memory?name=%00", Optional.of(session)).statusCode()).isEqualTo(400);
    for (String route : List.of("/ui/api/memory/create", "/ui/api/memory/forget", "/ui/api/memory/restore")) {
      HttpResponse<String> r = ui.change(session, route, dotted);
      assertThat(r.statusCode()).as(route).isEqualTo(400);
      assertThat(r.body()).as(route).contains("invalid memory name '../x'").doesNotContain("internal error");
    }
  }

  @Test
  void forgetPutsAMemoryInTheTrashAndRestoreBringsItBack() throws Exception {
    String name = json(Map.of("name", "tests-need-redis"));
    assertThat(ui.change(session, "/ui/api/memory/forget", name).statusCode()).isEqualTo(200);
    assertThat(names(get("/ui/api/memories"))).doesNotContain("tests-need-redis");
    JsonNode trash = get("/ui/api/trash");
    assertThat(trash.get(0).get("name").asText()).isEqualTo("tests-need-redis");
    assertThat(ui.change(session, "/ui/api/memory/forget", name).statusCode()).isEqualTo(404);

    assertThat(ui.change(session, "/ui/api/memory/restore", name).statusCode()).isEqualTo(200);
    assertThat(ui.memory().read("tests-need-redis").orElseThrow().memory().body()).contains("localhost:6379");
    assertThat(get("/ui/api/trash")).isEmpty();
    assertThat(ui.change(session, "/ui/api/memory/restore", name).statusCode()).isEqualTo(404);
  }

  @Test
  void aTrashEntryIsRestoredByItsIdAndANewMemoryIsCreatedOnce() throws Exception {
    ui.remember(Memory.of("dup-note", MemoryType.PROJECT, "written twice", "v1"));
    assertThat(ui.change(session, "/ui/api/memory/forget", json(Map.of("name", "dup-note"))).statusCode()).isEqualTo(200);
    Thread.sleep(5);
    ui.remember(Memory.of("dup-note", MemoryType.PROJECT, "written twice", "v2"));
    assertThat(ui.change(session, "/ui/api/memory/forget", json(Map.of("name", "dup-note"))).statusCode()).isEqualTo(200);
    JsonNode trash = get("/ui/api/trash");
    String older = trash.get(1).get("id").asText();
    assertThat(older).isNotEqualTo(trash.get(0).get("id").asText());

    assertThat(ui.change(session, "/ui/api/memory/restore", json(Map.of("id", older))).body()).contains("dup-note");
    assertThat(ui.memory().read("dup-note").orElseThrow().memory().body()).contains("v1");

    String created = json(Map.of("name", "release-needs-changelog", "type", "feedback", "description",
        "what a release needs", "body", "A CHANGELOG entry."));
    assertThat(ui.change(session, "/ui/api/memory/create", created).statusCode()).isEqualTo(200);
    assertThat(ui.memory().read("release-needs-changelog").orElseThrow().memory().type()).isEqualTo(MemoryType.FEEDBACK);
    assertThat(ui.change(session, "/ui/api/memory/create", created).statusCode()).as("one of that name exists")
        .isEqualTo(409);
    assertThat(ui.change(session, "/ui/api/memory/create", json(Map.of("name", "x", "type", "opinion",
        "description", "d", "body", "b"))).statusCode()).isEqualTo(422);
  }

  private static String json(Map<String, String> fields) throws Exception {
    return UiExchange.JSON.writeValueAsString(fields);
  }
}
