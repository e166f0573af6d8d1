package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.dream.SessionTranscripts;
import io.engram.notes.NotesState;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionsApiTest {
  static final String ID = "s-1";

  @TempDir Path dir;
  TestUi ui;
  TestUi.Session session;

  @BeforeEach
  void start() throws Exception {
    ui = new TestUi(dir);
    session = ui.login();
  }

  @AfterEach
  void stop() {
    ui.close();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return ui.get(path, Optional.of(session));
  }

  private JsonNode json(String path) throws Exception {
    HttpResponse<String> r = get(path);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return UiExchange.JSON.readTree(r.body());
  }

  private static String user(String uuid, String time, String text) {
    return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"" + ID + "\",\"timestamp\":\"" + time
        + "\",\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}}";
  }

  private static String assistant(String uuid, String time, String request, long cached) {
    return "{\"type\":\"assistant\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"" + ID + "\",\"timestamp\":\"" + time
        + "\",\"requestId\":\"" + request + "\",\"message\":{\"id\":\"m" + request + "\",\"role\":\"assistant\","
        + "\"model\":\"claude-opus-4-6\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}],\"usage\":{"
        + "\"input_tokens\":10,\"cache_read_input_tokens\":" + cached + ",\"cache_creation_input_tokens\":0,"
        + "\"output_tokens\":5}}}";
  }

  /** A session of three requests (the second at 85% of a 200k window), compacted after it, recorded by the hooks. */
  private Path recordSession() throws Exception {
    Path transcript = dir.resolve(ID + ".jsonl");
    Files.writeString(transcript, String.join("\n", List.of(
        user("u1", "2026-01-01T10:00:00Z", "Fix the build"),
        assistant("a1", "2026-01-01T10:00:05Z", "r1", 100_000),
        user("u2", "2026-01-01T10:01:00Z", "Now the tests"),
        assistant("a2", "2026-01-01T10:01:05Z", "r2", 170_000),
        "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"b1\",\"sessionId\":\"" + ID + "\","
            + "\"timestamp\":\"2026-01-01T10:02:00Z\",\"content\":\"Conversation compacted\","
            + "\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":170010}}",
        user("u3", "2026-01-01T10:03:00Z", "Go on"),
        assistant("a3", "2026-01-01T10:03:05Z", "r3", 30_000))) + "\n");
    new SessionTranscripts(ui.memory().location().projectDir()).record(ID, transcript);
    return transcript;
  }

  @Test
  void listsTheSessionsTheHooksRecordedForTheProject() throws Exception {
    Path transcript = recordSession();
    JsonNode list = json("/ui/api/sessions");
    assertThat(list.get("sessions")).hasSize(1);
    assertThat(list.get("sessions").get(0).get("id").asText()).isEqualTo(ID);
    assertThat(list.get("sessions").get(0).get("transcript").asText()).isEqualTo(transcript.toString());
  }

  @Test
  void aTimelineGivesTheWindowAtEachRequestTheLevelLinesAndTheCompaction() throws Exception {
    recordSession();
    JsonNode t = json("/ui/api/sessions/" + ID);
    JsonNode points = t.get("points");
    assertThat(points).hasSize(3);
    assertThat(points.get(1).get("tokens").asLong()).isEqualTo(170_010);
    assertThat(points.get(1).get("recorded").asBoolean()).isTrue();
    assertThat(points.get(1).get("windowTokens").asInt()).isEqualTo(200_000);
    assertThat(points.get(1).get("level").asText()).isEqualTo("urgent");
    assertThat(points.get(2).get("segment").asInt()).isEqualTo(1);
    assertThat(t.get("lines").get("warning").asDouble()).isEqualTo(0.60);
    assertThat(t.get("lines").get("critical").asDouble()).isEqualTo(0.92);
    JsonNode c = t.get("compactions").get(0);
    assertThat(c.get("trigger").asText()).isEqualTo("auto");
    assertThat(c.get("preTokens").asLong()).isEqualTo(170_010);
    assertThat(c.get("beforePoint").asInt()).isEqualTo(2);
    assertThat(c.has("prepared") && !c.get("prepared").isNull()).isFalse();
  }

  @Test
  void aTurnAskedForIsAnchoredToTheRequestThatAnsweredIt() throws Exception {
    recordSession();
    JsonNode anchor = json("/ui/api/sessions/" + ID + "?turn=u2").get("anchor");
    assertThat(anchor.get("turn").asText()).isEqualTo("u2");
    assertThat(anchor.get("line").asInt()).isEqualTo(3);
    assertThat(anchor.get("point").asInt()).as("a2, the second request, answered u2").isEqualTo(1);
    JsonNode unknown = json("/ui/api/sessions/" + ID + "?turn=nowhere");
    assertThat(unknown.get("anchor").isNull() || unknown.get("anchor").isMissingNode()).isTrue();
    assertThat(unknown.get("problems").toString()).contains("turn nowhere is not in this transcript");
  }

  @Test
  void aCompactionShowsItsPreparedScoreAndLossRecordBesideTheNotesAndTheInjections() throws Exception {
    recordSession();
    Path sessionDir = Files.createDirectories(ui.home.resolve("sessions").resolve(ID));
    Files.writeString(sessionDir.resolve("prepared-compaction.json"), """
        {"sessionId":"s-1","segment":0,"messages":4,"lastUuid":"a2","percent":85,
         "preparedAt":"2026-01-01T10:01:10Z","engine":"offline","summary":"<summary>1. Intent</summary>",
         "result":{"score":{"total":81.5,"sections":100.0},
                   "lost":{"entries":[{"kind":"TOOL_OUTPUT","ref":"t1","detail":"old build log","tokens":900}]}}}
        """);
    NotesStore notes = new NotesStore(ui.home);
    notes.write(new StoredNotes(new SessionNotes("Fixing the build", "", "", List.of("ran the tests")),
        new NotesState(ID, 4, Optional.of("a2"), 170_010, 1, Instant.parse("2026-01-01T10:01:30Z"), "offline")));

    Files.writeString(sessionDir.resolve("injections.jsonl"), """
        {"at":"2026-01-01T10:00:01Z","hook":"UserPromptSubmit","chars":420,\
        "memories":[{"memory":"tests-need-redis","chars":180,"why":"keywords: tests, build"}],"leftOut":["deploy-window"]}
        """);

    JsonNode t = json("/ui/api/sessions/" + ID);
    JsonNode injected = t.get("injections").get(0);
    assertThat(injected.get("hook").asText()).isEqualTo("UserPromptSubmit");
    assertThat(injected.get("chars").asInt()).isEqualTo(420);
    assertThat(injected.get("memories").get(0).get("why").asText()).isEqualTo("keywords: tests, build");
    assertThat(injected.get("leftOut").get(0).asText()).isEqualTo("deploy-window");
    JsonNode prepared = t.get("compactions").get(0).get("prepared");
    assertThat(prepared.get("percent").asInt()).isEqualTo(85);
    assertThat(prepared.get("score").get("total").asDouble()).isEqualTo(81.5);
    assertThat(prepared.get("lost").get(0).get("detail").asText()).isEqualTo("old build log");
    assertThat(t.get("notes").asText()).contains("Fixing the build").contains("ran the tests");
  }

  @Test
  void aSessionTheProjectDidNotRecordIsNotFoundAndNeedsALogin() throws Exception {
    recordSession();
    assertThat(get("/ui/api/sessions/other").statusCode()).isEqualTo(404);
    // An encoded '/' in a path is ambiguous: the server refuses it (400) before the UI sees it.
    assertThat(get("/ui/api/sessions/..%2F..%2Fetc").statusCode()).isIn(400, 404);
    assertThat(ui.get("/ui/api/sessions/" + ID, Optional.empty()).statusCode()).isEqualTo(401);
  }
}
