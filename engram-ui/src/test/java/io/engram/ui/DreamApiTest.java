package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.memory.Memory;
import io.engram.memory.MemoryType;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamApiTest {
  @TempDir Path dir;
  TestUi ui;
  TestUi.Session session;
  Path index;

  @BeforeEach
  void start() throws Exception {
    ui = new TestUi(dir);
    ui.remember(Memory.of("tests-need-redis", MemoryType.PROJECT, "integration tests need Redis", "Redis on 6379."));
    index = ui.memory().location().projectDir().resolve("MEMORY.md");
    Files.writeString(index, Files.readString(index) + "- [gone](gone.md) - a file deleted by hand\n");
    session = ui.login();
  }

  @AfterEach
  void stop() {
    ui.close();
  }

  private JsonNode read(HttpResponse<String> r) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return UiExchange.JSON.readTree(r.body());
  }

  @Test
  void previewShowsTheDiffAndWritesNothing() throws Exception {
    String before = Files.readString(index);
    JsonNode preview = read(ui.change(session, "/ui/api/dream/preview", "{}"));
    assertThat(preview.get("outcome").asText()).isEqualTo("dry_run");
    assertThat(preview.get("diff").asText()).contains("--- a/MEMORY.md", "-- [gone](gone.md)");
    assertThat(Files.readString(index)).isEqualTo(before);
    assertThat(read(ui.get("/ui/api/dreams", Optional.of(session))).get("runs")).isEmpty();
  }

  @Test
  void aRunIsListedWithItsDiffAndUndoTakesItBack() throws Exception {
    String before = Files.readString(index);
    JsonNode run = read(ui.change(session, "/ui/api/dream/run", "{}"));
    assertThat(run.get("outcome").asText()).isEqualTo("applied");
    assertThat(Files.readString(index)).doesNotContain("gone.md");

    JsonNode runs = read(ui.get("/ui/api/dreams", Optional.of(session))).get("runs");
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).get("runId").asText()).isEqualTo(run.get("runId").asText());
    assertThat(runs.get(0).get("diff").asText()).contains("-- [gone](gone.md)");
    assertThat(runs.get(0).get("phases").toString()).contains("ORIENT", "APPLY");
    assertThat(runs.get(0).get("undoable").asBoolean()).isTrue();

    JsonNode undone = read(ui.change(session, "/ui/api/dream/undo", "{}"));
    assertThat(undone.get("runId").asText()).isEqualTo(run.get("runId").asText());
    assertThat(Files.readString(index)).isEqualTo(before);
    JsonNode after = read(ui.get("/ui/api/dreams", Optional.of(session))).get("runs").get(0);
    assertThat(after.get("undone").asBoolean()).isTrue();
    assertThat(after.get("undoable").asBoolean()).isFalse();
    assertThat(ui.change(session, "/ui/api/dream/undo", "{}").statusCode()).isEqualTo(409);
  }

  @Test
  void dreamChangesNeedTheSessionsHeaderAndThisOrigin() throws Exception {
    for (String path : List.of("/ui/api/dream/run", "/ui/api/dream/undo", "/ui/api/dream/preview")) {
      assertThat(ui.post(path, "{}", List.of()).statusCode()).as(path).isEqualTo(401);
      HttpResponse<String> r = ui.post(path, "{}",
          List.of(WebUi.SESSION_HEADER, session.token(), "Origin", "http://127.0.0.1:1"));
      assertThat(r.statusCode()).as(path).isEqualTo(403);
      assertThat(r.headers().firstValue("Connection")).as(path).contains("close");
    }
    assertThat(ui.get("/ui/api/dream/run", Optional.of(session)).statusCode()).isEqualTo(405);
    assertThat(Files.readString(index)).contains("gone.md");
  }
}
