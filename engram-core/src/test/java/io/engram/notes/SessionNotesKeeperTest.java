package io.engram.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.config.NotesSettings;
import io.engram.extract.TranscriptTurns;
import io.engram.model.CostGovernor;
import io.engram.model.ModelRouter;
import io.engram.testing.ScriptedModel;
import io.engram.testing.TestResources;
import io.engram.testing.TranscriptBuilder;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionNotesKeeperTest {
  @TempDir Path home;

  private SessionNotesKeeper keeper(ModelRouter router) {
    return new SessionNotesKeeper(EngramSettings.DEFAULTS, router, new NotesStore(home),
        TranscriptTurns.withoutMemoryDirs(), Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC));
  }

  private SessionNotesKeeper offline() {
    return keeper(ModelRouter.offline());
  }

  /** A session whose recorded context reaches {@code tokens} after a request with {@code tools} edits. */
  static TranscriptBuilder work(TranscriptBuilder b, String request, long tokens, int tools) {
    b.user(request);
    for (int i = 0; i < tools; i++) {
      b.tool("Edit", "{\"file_path\":\"/work/project/src/Cache" + i + ".java\",\"old_string\":\"x\","
          + "\"new_string\":\"public int evict(int n) {\\n return n;\\n}\"}", "ok");
    }
    return b.assistant("Done with: " + request, tokens);
  }

  @Test
  void noNotesBelowTenThousandTokens() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"), "add a cache", 9_000, 4).build();

    NotesUpdate u = offline().update(t, false);

    assertThat(u.action()).isEqualTo(NotesAction.WAIT);
    assertThat(u.written()).isFalse();
    assertThat(u.reason()).contains("notes start at 10,000");
    assertThat(new NotesStore(home).read("s1")).isEmpty();
    assertThat(Files.exists(home.resolve("sessions/s1/notes.md"))).isFalse();
  }

  @Test
  void aSyntheticReplysUsageOfNothingIsNoMeasurementAndTheLastRealOneCounts() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "add an LRU cache to the loader", 12_000, 2);
    Transcript t = b.assistant("No response requested.", 0).build();

    NotesUpdate u = offline().update(t, false);

    assertThat(u.growth().contextTokens()).isGreaterThanOrEqualTo(12_000).isLessThan(12_100);
    assertThat(u.action()).isEqualTo(NotesAction.START);
  }

  @Test
  void startsAtTenThousandTokensWithTheFourSections() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"), "add an LRU cache to the loader", 10_500, 2).build();

    NotesUpdate u = offline().update(t, false);

    assertThat(u.action()).isEqualTo(NotesAction.START);
    assertThat(u.written()).isTrue();
    assertThat(u.engine()).contains("offline");
    StoredNotes stored = new NotesStore(home).read("s1").orElseThrow();
    assertThat(stored.state().coveredMessages()).isEqualTo(t.messages().size());
    assertThat(stored.state().lastUuid()).isEqualTo(t.messages().get(t.messages().size() - 1).uuid());
    assertThat(stored.state().tokensAtLastUpdate()).isGreaterThanOrEqualTo(10_500);
    SessionNotes n = stored.notes();
    assertThat(n.currentState()).contains("Latest request").contains("add an LRU cache to the loader")
        .contains("Last reply: Done with");
    assertThat(n.filesAndFunctions()).contains("/work/project/src/Cache0.java").contains("edited 1x")
        .contains("evict");
    assertThat(n.worklog()).singleElement().asString().contains("Request: add an LRU cache").contains("Edit x2");
    assertThat(Files.readString(home.resolve("sessions/s1/notes.md")))
        .contains("## Current State", "## Files and Functions", "## Errors & Corrections", "## Worklog");
  }

  @Test
  void updatesOnlyAfterFiveThousandMoreTokensAndThreeToolCalls() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "first task", 11_000, 1);
    SessionNotesKeeper keeper = offline();
    assertThat(keeper.update(b.build(), false).action()).isEqualTo(NotesAction.START);

    work(b, "small growth, many tools", 15_000, 5);
    NotesUpdate growthTooSmall = keeper.update(b.build(), false);
    assertThat(growthTooSmall.action()).isEqualTo(NotesAction.WAIT);
    assertThat(growthTooSmall.growth().toolCallsSinceLastUpdate()).isEqualTo(5);
    assertThat(growthTooSmall.reason()).contains("needs 5,000 and 3");

    work(b, "now past the growth", 16_200, 0);
    assertThat(keeper.update(b.build(), false).action()).isEqualTo(NotesAction.UPDATE);
  }

  @Test
  void growthAloneIsNotEnoughWithoutThreeToolCalls() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "first task", 11_000, 1);
    SessionNotesKeeper keeper = offline();
    keeper.update(b.build(), false);

    work(b, "big growth, two tools", 20_000, 2);
    NotesUpdate fewTools = keeper.update(b.build(), false);
    assertThat(fewTools.action()).isEqualTo(NotesAction.WAIT);
    assertThat(fewTools.growth().toolCallsSinceLastUpdate()).isEqualTo(2);
    assertThat(fewTools.growth().contextTokens() - fewTools.growth().tokensAtLastUpdate().orElseThrow())
        .isGreaterThanOrEqualTo(9_000);
    assertThat(new NotesStore(home).read("s1").orElseThrow().state().updates()).isEqualTo(1);

    work(b, "one more tool", 20_100, 1);
    NotesUpdate u = keeper.update(b.build(), false);
    assertThat(u.action()).isEqualTo(NotesAction.UPDATE);
    assertThat(u.growth().toolCallsSinceLastUpdate()).isEqualTo(3);
  }

  @Test
  void incrementalUpdateKeepsTheEarlierWorklog() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "first task", 11_000, 1);
    SessionNotesKeeper keeper = offline();
    keeper.update(b.build(), false);

    work(b, "second task", 13_000, 1);
    work(b, "third task", 17_000, 2);
    NotesUpdate u = keeper.update(b.build(), false);

    assertThat(u.action()).isEqualTo(NotesAction.UPDATE);
    assertThat(u.growth().fromMessage()).isEqualTo(4);
    assertThat(u.notes().worklog()).hasSize(3);
    assertThat(u.notes().worklog().get(0)).contains("first task");
    assertThat(u.notes().worklog().get(2)).contains("third task");
    assertThat(u.notes().currentState()).contains("third task").doesNotContain("first task");
    assertThat(new NotesStore(home).read("s1").orElseThrow().state().updates()).isEqualTo(2);
  }

  @Test
  void afterACompactionGrowthIsMeasuredFromTheCompactedContext() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "first task", 11_000, 1);
    SessionNotesKeeper keeper = offline();
    keeper.update(b.build(), false);
    int boundaryAt = b.size();
    b.user("This session is being continued from a previous conversation. Summary: first task done.");
    work(b, "after compaction", 7_000, 2);
    work(b, "grows again", 12_500, 1);
    Transcript plain = b.build();
    Transcript compacted = new Transcript("s1", java.util.Optional.empty(), plain.messages(),
        List.of(new io.engram.transcript.CompactionBoundary(0, boundaryAt, java.util.Optional.empty(),
            java.util.Optional.empty(), "auto", java.util.Optional.of(11_000L))),
        List.of(), List.of(), java.util.Map.of(), List.of(), plain.agent());

    NotesUpdate u = keeper.update(compacted, false);

    assertThat(u.action()).isEqualTo(NotesAction.UPDATE);
    assertThat(u.growth().tokensAtLastUpdate().orElseThrow()).isLessThan(1_000);
    assertThat(u.growth().contextTokens()).isGreaterThanOrEqualTo(12_500).isLessThan(13_000);
  }

  @Test
  void notesOfAnotherTranscriptUnderTheSameIdAreArchivedNotLost() throws Exception {
    SessionNotesKeeper keeper = offline();
    keeper.update(work(work(new TranscriptBuilder("s1"), "one", 11_000, 1), "two", 12_000, 1).build(), false);
    String before = Files.readString(home.resolve("sessions/s1/notes.md"));

    NotesUpdate u = keeper.update(work(new TranscriptBuilder("s1"), "other file", 11_000, 1).build(), false);

    assertThat(u.growth().fromMessage()).isZero();
    assertThat(u.notes().worklog()).singleElement().asString().contains("other file");
    try (var files = Files.list(home.resolve("sessions/s1"))) {
      List<Path> archived = files.filter(p -> p.getFileName().toString().startsWith("notes.replaced-")).toList();
      assertThat(archived).singleElement().satisfies(p -> assertThat(Files.readString(p)).isEqualTo(before));
    }
  }

  @Test
  void forceIgnoresTheScheduleAndSaysSo() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"), "tiny", 500, 0).build();

    NotesUpdate u = offline().update(t, true);

    assertThat(u.written()).isTrue();
    assertThat(u.forced()).isTrue();
    assertThat(u.action()).isEqualTo(NotesAction.START);
    assertThat(u.reason()).startsWith("forced:");
  }

  @Test
  void forceWhenTheScheduleIsDueAnywayIsStillReportedAsForced() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"), "add a cache", 11_000, 1).build();

    NotesUpdate u = offline().update(t, true);

    assertThat(u.written()).isTrue();
    assertThat(u.forced()).isTrue();
    assertThat(u.action()).isEqualTo(NotesAction.START);
    assertThat(u.reason()).doesNotStartWith("forced:");
  }

  @Test
  void errorsAndUserCorrectionsAreNoted() throws Exception {
    TranscriptBuilder b = new TranscriptBuilder("s1").user("run the tests");
    b.tool("Bash", "{\"command\":\"mvn test\"}", "BUILD FAILURE: CacheTest.evicts expected 2 but was 3", true);
    b.tool("Bash", "{\"command\":\"mvn test\"}", "BUILD SUCCESS");
    b.assistant("Tests pass now.", 12_000);
    b.user("No, don't mock the database in these tests; use the real one.");
    b.assistant("Understood.");

    SessionNotes n = offline().update(b.build(), false).notes();

    assertThat(n.errorsAndCorrections()).contains("`Bash mvn test` failed: BUILD FAILURE")
        .contains("fixed by `Bash mvn test`").contains("User correction: No, don't mock the database");
  }

  @Test
  void secretsAndPrivateSpansNeverReachTheNotesFile() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"),
        "deploy with password=hunter2secret please <private>my home address</private>", 12_000, 1).build();

    NotesUpdate u = offline().update(t, false);

    String stored = Files.readString(home.resolve("sessions/s1/notes.md"));
    assertThat(stored).doesNotContain("hunter2secret", "home address").contains("[REDACTED:password]");
    assertThat(u.notes().render()).doesNotContain("hunter2secret");
  }

  @Test
  void capsAreApplied() throws Exception {
    TranscriptBuilder b = new TranscriptBuilder("s1");
    for (int i = 0; i < 400; i++) {
      b.user("request number " + i + " " + "about the replication lag dashboard ".repeat(8));
      b.assistant("reply " + i);
    }
    b.assistant("done", 60_000);

    SessionNotes n = offline().update(b.build(), false).notes();

    NotesBudget budget = new NotesBudget(NotesSettings.DEFAULTS, new JtokkitTokenCounter());
    assertThat(budget.tokens(n, NotesSection.WORKLOG)).isLessThanOrEqualTo(2_000);
    assertThat(budget.tokens(n)).isLessThanOrEqualTo(12_000);
    assertThat(n.worklog()).hasSizeLessThan(400);
    assertThat(n.worklog().get(n.worklog().size() - 1)).contains("request number 399");
  }

  @Test
  void aModelAnswerIsUsedAndTheOldWorklogKept() throws Exception {
    TranscriptBuilder b = work(new TranscriptBuilder("s1"), "first task", 11_000, 1);
    offline().update(b.build(), false);
    work(b, "second task", 17_000, 3);
    ScriptedModel model = new ScriptedModel().answers("""
        {"currentState": "Working on the second task.", "filesAndFunctions": "- Cache0.java: evict",
         "errorsAndCorrections": "", "newWorklog": ["did the second task"]}""");
    ModelRouter router = ModelRouter.of(model, new CostGovernor(home, EngramSettings.DEFAULTS.governor()), "s1");

    NotesUpdate u = keeper(router).update(b.build(), false);

    assertThat(u.engine()).contains("scripted:test");
    assertThat(u.fallbackReason()).isEmpty();
    assertThat(u.notes().currentState()).isEqualTo("Working on the second task.");
    assertThat(u.notes().worklog()).hasSize(2).last().isEqualTo("did the second task");
    assertThat(model.requests()).singleElement().satisfies(r -> {
      assertThat(r.cacheSystem()).isTrue();
      assertThat(r.maxTokens()).isEqualTo(EngramSettings.DEFAULTS.notes().maxAnswerTokens());
      assertThat(r.messages().get(0).text()).contains("Current notes:").contains("first task")
          .contains("[user] second task");
    });
  }

  @Test
  void badModelJsonIsRetriedThenTheOfflineEngineRunsWithTheReason() throws Exception {
    Transcript t = work(new TranscriptBuilder("s1"), "first task", 11_000, 1).build();
    ScriptedModel model = new ScriptedModel().answers("not json").answers("{\"currentState\": 3}");
    ModelRouter router = ModelRouter.of(model, new CostGovernor(home, EngramSettings.DEFAULTS.governor()), "s1");

    NotesUpdate u = keeper(router).update(t, false);

    assertThat(model.requests()).hasSize(2);
    assertThat(u.engine()).contains("offline");
    assertThat(u.fallbackReason()).hasValueSatisfying(r -> assertThat(r).contains("unusable answer"));
    assertThat(u.notes().currentState()).contains("first task");
  }

  @Test
  void realLongSessionGetsNotesWithinTheCaps() throws Exception {
    Transcript t = TranscriptReader.read(
        TestResources.path("transcripts/claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl"));

    NotesUpdate u = offline().update(t, false);

    assertThat(u.growth().contextTokens()).isGreaterThan(10_000);
    assertThat(u.written()).isTrue();
    assertThat(u.notes().filesAndFunctions()).isNotBlank();
    assertThat(u.notes().worklog()).isNotEmpty();
    assertThat(new NotesBudget(NotesSettings.DEFAULTS, new JtokkitTokenCounter()).tokens(u.notes()))
        .isLessThanOrEqualTo(12_000);
    assertThat(offline().update(t, false).action()).isEqualTo(NotesAction.WAIT);
  }

  @Test
  void aSessionIdThatIsNotSafeInAPathIsRefused() {
    Transcript t = Transcript.ofMessages("../escape", List.of());
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> offline().update(t, true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot name a directory");
  }
}
