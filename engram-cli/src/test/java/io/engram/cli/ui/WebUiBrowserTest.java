package io.engram.cli.ui;

import io.engram.testing.ChildProcess;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.config.MemorySettings;
import io.engram.service.EngramService;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.SessionTranscripts;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import io.engram.notes.NotesSection;
import io.engram.notes.NotesState;
import io.engram.notes.NotesStore;
import io.engram.notes.SessionNotes;
import io.engram.notes.StoredNotes;
import io.engram.review.Inbox;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import io.engram.testing.ExternalTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI in a real browser: Debian's Chromium, headless, driven by playwright-core
 * ({@code src/test/browser/ui.mjs}) against a service running in this JVM on a temporary home. One browser
 * launch logs in through {@code engram ui --print-url}'s link, finds a memory, searches, edits it and reads its
 * versions and the diff of the edit, forgets and restores it, reviews the inbox (accepts an edited proposal, rejects another), follows its provenance to the turn that wrote it, checks that a memory's text runs no script, previews a dream, applies it, opens its diff and
 * undoes it, opens a compacted session's window chart, checks that another local server the browser visits gets no
 * credential and its page reads nothing, and that a browser without the session is refused;
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
    node = ExternalTools.onPath("node").orElse(null);
    chromium = Optional.ofNullable(System.getenv("ENGRAM_CHROMIUM")).or(() -> ExternalTools.onPath("chromium"))
        .orElse(null);
    boolean driver = Files.isDirectory(SCRIPT_DIR.resolve("node_modules/playwright-core"));
    if (node == null || chromium == null || !driver) {
      ExternalTools.missing((node == null ? "node is not on the PATH" : chromium == null ? "chromium is not on the PATH"
          : "playwright-core is not installed") + "; run .ci/setup (or apt-get install chromium and `npm ci` in "
          + SCRIPT_DIR + ")");
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
    memory.write(Memory.builder("tests-need-redis", MemoryType.PROJECT).description("integration tests need Redis")
        .body("Start Redis on `localhost:6379` before `mvn verify`.").session("s-ui").turn("u2").build(),
        ChangedBy.EXTRACTION);
    memory.write(Memory.of("prefers-tabs", MemoryType.USER, "the user indents with tabs", "Tabs, not spaces."));
    memory.write(Memory.of("xss-probe", MemoryType.REFERENCE, "<img src=x onerror=\"window.__pwned=1\">",
        "<script>window.__pwned=1</script>\n\n<img src=x onerror=\"window.__pwned=1\">\n\n[run](javascript:alert(1))\n\n"
            + "[tab](<java\tscript:window.__pwned=1>) [entity](java&#10;script:window.__pwned=1)"
            + " [docs](https://example.com/docs) [mail](mailto:ops@example.com)"));
    Files.writeString(project.resolve("CLAUDE.md"), "# Project\n\nRun ./mvnw verify.\n");
    roughEdges(memory);
    Path index = memory.location().projectDir().resolve("MEMORY.md");
    String indexBefore = Files.readString(index) + "- [gone](gone.md) - a file deleted by hand\n";
    Files.writeString(index, indexBefore);
    int indexLines = memory.indexText().totalLines(); // the page shows the project's index with the user's after it
    recordCompactedSession(memory.location().projectDir());
    Inbox inbox = Inbox.of(home, memory.location().projectKey(), MemorySettings.DEFAULTS, Clock.systemUTC());
    propose(inbox, "offline-tests", "Run the tests offline.\n");
    propose(inbox, "use-yarn", "Use yarn, not npm.\n");
    service = EngramService.start(home, user, Map.of(), "test", line -> { });
    CommandRun ui = CommandRun.in(home, project, "ui", "--print-url");
    assertThat(ui.exitCode()).as(ui.err()).isZero();
    Files.createDirectories(SHOTS);

    Path docs = Path.of(Optional.ofNullable(System.getenv("ENGRAM_UI_DOCS")).orElse(SHOTS.resolve("docs").toString()))
        .toAbsolutePath();
    Files.createDirectories(docs);
    JsonNode report = run(List.of(node, "ui.mjs", chromium, ui.out().strip(), service.info().url(), SHOTS.toString(),
        docs.toString()));

    JsonNode refused = step(report, "refused");
    assertThat(refused.get("status").asInt()).as("the API without the session's token").isEqualTo(401);
    assertThat(refused.get("text").asText()).contains("not logged in").doesNotContain("tests-need-redis");
    JsonNode list = step(report, "list");
    assertThat(list.get("url").asText()).isEqualTo(service.info().url() + "/ui/");
    assertThat(list.get("rows").asInt()).isEqualTo(6);
    assertThat(list.get("cookies")).as("no cookie, which every port of 127.0.0.1 would receive").isEmpty();
    assertThat(list.get("tokenHeld").asInt()).as("the tab holds the session's token").isEqualTo(64);
    assertThat(step(report, "search").get("first").asText()).isEqualTo("tests-need-redis");
    JsonNode xss = step(report, "xss");
    assertThat(xss.get("pwned").asBoolean()).isFalse();
    assertThat(xss.get("scripts").asInt()).isZero();
    assertThat(xss.get("body").asText()).contains("<script>window.__pwned=1</script>");
    assertThat(xss.get("description").asText()).contains("<img src=x");
    assertThat(xss.get("links").toString()).as("the protocol of each link as the browser reads it")
        .contains("https:", "mailto:").doesNotContain("javascript:");
    JsonNode otherOrigin = step(report, "otherOrigin");
    assertThat(otherOrigin.get("received").toString()).as("cookies another local server received")
        .doesNotContain("engram");
    assertThat(otherOrigin.get("replayed").toString()).doesNotContain("tests-need-redis");
    assertThat(otherOrigin.get("fromOtherPage").asText()).doesNotContain("tests-need-redis");
    assertThat(report.get("dialogs")).isEmpty();
    assertThat(step(report, "edit").get("body").asText()).contains("localhost:6380");
    assertThat(step(report, "edit").get("sessionLink").asText()).as("provenance links to the turn in the session")
        .isEqualTo("#/session/s-ui/turn/u2");
    JsonNode history = step(report, "history");
    assertThat(history.get("versions")).hasSize(2);
    assertThat(history.get("versions").get(0).asText()).startsWith("version 2: edited by ui");
    assertThat(history.get("versions").get(1).asText()).startsWith("version 1: created by extraction");
    assertThat(history.get("diff").asText()).contains("--- version 1", "+++ version 2",
        "-Start Redis on `localhost:6379`", "+Start Redis on `localhost:6380`");
    assertThat(step(report, "restore").get("body").asText()).contains("localhost:6380");
    JsonNode provenance = step(report, "provenance");
    assertThat(provenance.get("hash").asText()).isEqualTo("#/session/s-ui/turn/u2");
    assertThat(provenance.get("anchor").asText()).contains("Turn u2 (line 3", "request 2");
    assertThat(provenance.get("ringed").asInt()).isEqualTo(1);
    assertThat(memory.history("tests-need-redis")).extracting(v -> v.by().id() + " " + v.change().id())
        .containsExactly("extraction created", "ui edited", "ui forgotten", "ui restored");
    assertThat(step(report, "dreamPreview").get("diff").asText()).contains("-- [gone](gone.md)");
    JsonNode applied = step(report, "dreamApplied");
    assertThat(applied.get("message").asText()).contains("dream applied");
    assertThat(applied.get("phases").asText()).contains("orient", "apply");
    assertThat(applied.get("diff").asText()).contains("-- [gone](gone.md)");
    assertThat(step(report, "dreamUndone").get("message").asText()).contains("undid dream run");
    assertThat(step(report, "dreamUndone").get("undoButtons").asInt()).isZero();
    assertThat(step(report, "afterUndo").get("diff").asText()).as("the undo put MEMORY.md back, its dangling line too")
        .contains("-- [gone](gone.md)");
    JsonNode reviewed = step(report, "inbox");
    assertThat(reviewed.get("waiting").asInt()).isEqualTo(2);
    assertThat(reviewed.get("accepted").asText()).contains("accepted", "offline-tests");
    assertThat(reviewed.get("rejected").asText()).contains("rejected");
    assertThat(memory.read("offline-tests").orElseThrow().memory().body()).contains("./mvnw -o");
    assertThat(memory.read("offline-tests").orElseThrow().memory().session()).as("provenance kept").contains("s-ui");
    assertThat(memory.history("offline-tests")).as("written by the review (the pages' later dream may touch it)")
        .extracting(v -> v.by().id()).startsWith("review");
    assertThat(memory.read("use-yarn")).isEmpty();
    assertThat(inbox.pending()).isEmpty();
    assertThat(step(report, "instructions").get("files").asInt()).isEqualTo(1);
    assertThat(step(report, "instructions").get("index").asText())
        .as("the undo put back every line of MEMORY.md, and the accepted proposal added one")
        .contains("of " + (indexLines + 1) + " lines");
    assertThat(step(report, "usage").get("text").asText()).contains("Model usage");
    JsonNode session = step(report, "session");
    assertThat(session.get("summary").asText()).contains("3 request(s), 1 compaction(s)");
    assertThat(session.get("requests").asInt()).isEqualTo(3);
    assertThat(session.get("levelLines").asInt()).isEqualTo(3);
    assertThat(session.get("segments").asInt()).as("the line breaks at the compaction").isEqualTo(2);
    assertThat(session.get("marks").toString()).contains("score 81.5");
    assertThat(session.get("compactions").asText()).contains("at 85%", "old build log");
    assertThat(session.get("injections").asText()).contains("UserPromptSubmit", "tests-need-redis", "keywords: redis");
    assertThat(step(report, "stranger").get("status").asInt()).isEqualTo(401);
    assertThat(report.get("consoleErrors").toString()).as("only the refusals the test provoked")
        .doesNotContain("Content Security Policy");

    assertPages(report, memory);

    String body = memory.read("tests-need-redis").orElseThrow().memory().body();
    assertThat(body).contains("localhost:6380");
    assertThat(memory.trashed()).as("restored; the trash keeps what the fixture and the dreams put there")
        .extracting(t -> t.memory().name()).doesNotContain("tests-need-redis");
    assertThat(SHOTS.resolve("04-edited.png")).isNotEmptyFile();
  }

  private static void propose(Inbox inbox, String name, String body) throws Exception {
    Memory m = Memory.builder(name, MemoryType.FEEDBACK).description("About " + name).body(body)
        .source(MemorySource.USER).session("s-ui").build();
    inbox.propose(Proposal.Origin.EXTRACTION, Optional.of("s-ui"), "create feedback memory '" + name + "'",
        "the user said: \"" + body.strip() + "\"", List.of(new ProposedChange.Write(name, Optional.empty(),
        MemoryFormat.format(m))));
  }

  /**
   * What the page items need: a memory whose frontmatter holds a key beyond the usual ones with lists and maps and
   * whose body has a Markdown table, two forgotten memories of one name, two near-duplicates a dream merges, and
   * session notes with a line longer than any screen.
   */
  private void roughEdges(ProjectMemory memory) throws Exception {
    memory.write(Memory.of("nested-fields", MemoryType.REFERENCE, "the on-call runbook",
        "Runbook first.\n\n| service | port |\n|---|---|\n| redis | 6379 |\n| postgres | 5433 |\n"));
    Path file = memory.read("nested-fields").orElseThrow().path();
    Files.writeString(file, Files.readString(file).replaceFirst("\n---\n", "\nlinks:\n  - title: runbook\n"
        + "    url: https://runbook.example.com\n  - title: dashboard\n    tags: [red, blue]\nowners: [alice, bob]\n"
        + "escalation:\n  first: alice\n  then:\n    - bob\n---\n"));
    memory.write(Memory.of("dup-note", MemoryType.PROJECT, "a note written twice", "dup-note v1: the first text."));
    memory.forget("dup-note");
    Thread.sleep(5); // the two trash entries' stamps differ
    memory.write(Memory.of("dup-note", MemoryType.PROJECT, "a note written twice", "dup-note v2: the second text."));
    memory.forget("dup-note");
    String vpn = "Deploying to staging needs the corporate VPN (vpn.example.com) connected first, then make deploy.";
    memory.write(Memory.of("deploy-needs-vpn", MemoryType.PROJECT, "deploying to staging needs the VPN", vpn));
    memory.write(Memory.of("deploy-needs-the-vpn", MemoryType.PROJECT, "deploying to staging needs the VPN", vpn));
    new NotesStore(home).write(new StoredNotes(SessionNotes.EMPTY.with(NotesSection.CURRENT_STATE,
        "Fixing the build: " + "the-flaky-integration-test-that-needs-redis-".repeat(12) + "end."),
        new NotesState("s-ui", 2, Optional.of("a1"), 100_000, 1, java.time.Instant.parse("2026-01-01T10:00:30Z"),
            "offline")));
  }

  private void assertPages(JsonNode report, ProjectMemory memory) throws Exception {
    step(report, "header").get("widths").fields().forEachRemaining(w -> {
      JsonNode header = w.getValue();
      assertThat(header.get("offLine")).as("parts of the header below its first line at %s px: %s", w.getKey(), header)
          .isEmpty();
      assertThat(texts(header.get("parts"))).as("at %s px", w.getKey()).contains("NAV", "project", "logout");
      assertThat(header.get("title").asText()).as("the whole directory in the tooltip").endsWith(
          project.getFileName().toString());
    });
    JsonNode nested = step(report, "nested");
    assertThat(nested.get("fields").asText()).doesNotContain("[object").contains("runbook", "https://runbook.example.com",
        "red, blue", "alice, bob", "first", "bob");
    assertThat(nested.get("tables").asInt()).as("a Markdown table rendered as a table").isEqualTo(1);
    assertThat(nested.get("cells").toString()).contains("redis", "6379", "5433");
    JsonNode cancel = step(report, "cancel");
    assertThat(cancel.get("editorHidden").asBoolean()).isTrue();
    assertThat(cancel.get("bodyVisible").asBoolean()).isTrue();
    assertThat(cancel.get("editorText").asText()).doesNotContain("not saved").contains("Runbook first.");
    JsonNode message = step(report, "message");
    assertThat(message.get("said").asText()).startsWith("saved nested-fields");
    assertThat(message.get("afterNavigating").asText()).as("the status after going to another page").isEmpty();
    JsonNode late = step(report, "lateAnswer");
    assertThat(late.get("trashShown").asBoolean()).as("the page gone to stays, whatever came late: %s", late).isTrue();
    assertThat(late.get("memoryShown").asInt()).as("the page left draws nothing: %s", late).isZero();
    assertThat(step(report, "trashRows").get("ids")).hasSize(2);
    assertThat(step(report, "trashRestore").get("body").asText()).as("the older entry's button restores the older entry")
        .contains("dup-note v1").doesNotContain("v2");
    JsonNode disabled = step(report, "disabled");
    assertThat(disabled.at("/prev/disabled").asBoolean()).isTrue();
    assertThat(disabled.at("/prev/cursor").asText()).isEqualTo("not-allowed");
    assertThat(disabled.at("/prev/color").asText()).isNotEqualTo(disabled.at("/show/color").asText());
    JsonNode apply = step(report, "applyDisabled");
    assertThat(apply.at("/apply/disabled").asBoolean()).as("nothing left to consolidate: %s", apply).isTrue();
    assertThat(apply.at("/apply/background").asText()).as("a disabled primary button is not the enabled blue")
        .isNotEqualTo("rgb(36, 88, 179)");
    assertThat(apply.at("/apply/cursor").asText()).isEqualTo("not-allowed");
    JsonNode created = step(report, "created");
    assertThat(created.get("message").asText()).contains("created 'release-needs-changelog'");
    assertThat(memory.read("release-needs-changelog").orElseThrow().memory().body()).contains("CHANGELOG entry");
    JsonNode landed = step(report, "merged").get("landed");
    List<String> hashes = List.of(landed.at("/deploy-needs-vpn/hash").asText(),
        landed.at("/deploy-needs-the-vpn/hash").asText());
    assertThat(hashes).as("both names lead to the memory that holds the text: %s", landed).containsOnly(hashes.get(0));
    assertThat(landed.toString()).contains("was merged into").doesNotContain("\"error\":1");
    JsonNode sessions = step(report, "sessions");
    assertThat(sessions.get("firstPrompt").asText()).contains("Fix the build", "s-ui");
    assertThat(sessions.get("agent").asText()).isEqualTo("Claude Code");
    assertThat(sessions.get("length").asText()).contains("3 prompt(s)");
    assertThat(sessions.get("compactions").asText()).isEqualTo("1");
    assertThat(sessions.get("learned").asText()).contains("tests-need-redis");
    JsonNode notes = step(report, "notes");
    assertThat(notes.get("scroll").asInt()).as("the notes box wraps").isLessThanOrEqualTo(notes.get("client").asInt());
    JsonNode history = step(report, "pastSessions");
    assertThat(history.get("hits").asInt()).isPositive();
    assertThat(history.get("link").asText()).startsWith("#/session/s-ui");
    assertThat(step(report, "historyLink").get("hash").asText()).startsWith("#/session/s-ui");
    JsonNode phone = step(report, "phone");
    phone.get("widths").fields().forEachRemaining(w -> assertThat(w.getValue().asInt())
        .as("%s scrolls sideways at 390 px by", w.getKey()).isLessThanOrEqualTo(0));
    assertThat(phone.get("cellLabel").asText()).isEqualTo("Agent");
    JsonNode logout = step(report, "logout");
    assertThat(logout.get("notice").asText()).contains("Logged out");
    assertThat(logout.get("held").isNull()).isTrue();
    assertThat(logout.get("replayStatus").asInt()).as("the ended session's token").isEqualTo(401);
    assertThat(logout.get("logoutVisible").asBoolean()).isFalse();
  }

  /**
   * A session the hooks recorded for the project: three requests (the second at 85% of the window), an automatic
   * compaction after it, and the compaction Engram prepared for that segment with its score and loss record.
   */
  private void recordCompactedSession(Path memoryDir) throws Exception {
    String id = "s-ui";
    Path transcript = home.resolve(id + ".jsonl");
    String prompt = "{\"type\":\"user\",\"uuid\":\"%s\",\"sessionId\":\"s-ui\",\"timestamp\":\"2026-01-01T10:0%s:00Z\","
        + "\"message\":{\"role\":\"user\",\"content\":\"%s\"}}";
    String answer = "{\"type\":\"assistant\",\"uuid\":\"%s\",\"sessionId\":\"s-ui\","
        + "\"timestamp\":\"2026-01-01T10:0%s:05Z\",\"requestId\":\"%s\",\"message\":{\"id\":\"m%s\","
        + "\"role\":\"assistant\",\"model\":\"claude-opus-4-6\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}],"
        + "\"usage\":{\"input_tokens\":10,\"cache_read_input_tokens\":%d,\"cache_creation_input_tokens\":0,"
        + "\"output_tokens\":5}}}";
    Files.writeString(transcript, String.join("\n", List.of(
        prompt.formatted("u1", 0, "Fix the build"), answer.formatted("a1", 0, "r1", "r1", 100_000),
        prompt.formatted("u2", 1, "Now the tests"), answer.formatted("a2", 1, "r2", "r2", 170_000),
        "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"b1\",\"sessionId\":\"s-ui\","
            + "\"timestamp\":\"2026-01-01T10:02:00Z\",\"content\":\"Conversation compacted\","
            + "\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":170010}}",
        prompt.formatted("u3", 3, "Go on"), answer.formatted("a3", 3, "r3", "r3", 30_000))) + "\n");
    new SessionTranscripts(memoryDir).record(id, transcript);
    Path state = Files.createDirectories(home.resolve("sessions").resolve(id));
    Files.writeString(state.resolve("prepared-compaction.json"), """
        {"sessionId":"s-ui","segment":0,"messages":4,"lastUuid":"a2","percent":85,
         "preparedAt":"2026-01-01T10:01:10Z","engine":"offline","summary":"<summary>1. Intent</summary>",
         "result":{"score":{"total":81.5},
                   "lost":{"entries":[{"kind":"TOOL_OUTPUT","ref":"t1","detail":"old build log","tokens":900}]}}}
        """);
    Files.writeString(state.resolve("injections.jsonl"), """
        {"at":"2026-01-01T10:00:01Z","hook":"UserPromptSubmit","chars":420,\
        "memories":[{"memory":"tests-need-redis","chars":180,"why":"keywords: redis"}],"leftOut":[]}
        """);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new java.util.ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
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
    // Read on threads of its own with a deadline: a browser left running with the script's stdout open is killed with
    // the script, and the test fails with what they printed. The deadline only catches a hang: the script takes 10-25 s
    // on an idle machine, but past 90 s at a load of 30 (Chromium's start alone), so it leaves room for a busy CI host.
    ChildProcess.Run run = ChildProcess.run(new ProcessBuilder(command).directory(SCRIPT_DIR.toFile()), "",
        Duration.ofSeconds(240));
    String stdout = run.out().strip();
    assertThat(run.exit()).as("browser script exit code; stderr:%n%s%nstdout:%n%s", run.err(), stdout).isZero();
    return new ObjectMapper().readTree(stdout.substring(stdout.lastIndexOf('\n') + 1));
  }
}
