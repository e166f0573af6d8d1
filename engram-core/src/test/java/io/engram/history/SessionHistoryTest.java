package io.engram.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.SearchIndex;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionHistoryTest {
  private static final String SESSION = "258c7280-ae70-4798-800f-63464d01a85d";
  private static final Path TRANSCRIPT = TestResources.path("transcripts/claude-code/" + SESSION + ".jsonl");

  @TempDir Path home;

  private static String userLine(String session, String uuid, String text) {
    return TranscriptLines.user(session, uuid, "2026-05-01T10:00:00Z", text);
  }

  private static String agentLine(String session, String uuid, String text) {
    return TranscriptLines.agent(session, uuid, "2026-05-01T10:00:05Z", text);
  }

  private SessionHistory history() {
    return new SessionHistory(home.resolve("history"), dir -> SearchIndex.inMemory());
  }

  @Test
  void aTurnOfAPastSessionIsFoundByWhatWasSaidInIt() throws IOException {
    SessionHistory history = history();
    history.sync(Map.of(SESSION, TRANSCRIPT));

    List<HistoryHit> hits = history.search("migration ALTER TABLE modify SQLite nullability", 5);

    assertThat(hits).isNotEmpty();
    PastTurn turn = hits.get(0).turn();
    assertThat(turn.sessionId()).isEqualTo(SESSION);
    assertThat(turn.role()).isEqualTo("assistant");
    assertThat(turn.text()).contains("SQLite-safe table rewrite");
    assertThat(turn.line()).isEqualTo(186);
    assertThat(turn.uuid()).contains("9092a3a4-f83b-46e8-84fa-745121f88ccc");
    assertThat(turn.link()).endsWith(SESSION + ".jsonl:186");
    assertThat(turn.timestamp()).isPresent();
  }

  @Test
  void whatThePersonTypedIsATurnOfItsOwnAndTheReplyToItComesFirst() throws IOException {
    SessionHistory history = history();
    history.sync(Map.of(SESSION, TRANSCRIPT));

    List<HistoryHit> hits = history.search("did you push", 20);

    // Line 1858 is the prompt "did you push?", line 1859 the agent's "Yes, everything is pushed and clean": the
    // reply to a matching question comes first, the question itself is a turn of its own further down (16th, after
    // the agent's turns that say "push": it carries the 80 words of the turns around it as context, and BM25's
    // length normalisation weighs them against its own three).
    assertThat(hits.get(0).turn().line()).isEqualTo(1859);
    assertThat(hits.get(0).turn().role()).isEqualTo("assistant");
    assertThat(hits).filteredOn(h -> h.turn().line() == 1858).singleElement()
        .satisfies(h -> assertThat(h.turn().role()).isEqualTo("user"));
  }

  @Test
  void toolOutputIsNotIndexedButToolNamesAndFilesAre() throws IOException {
    SessionHistory history = history();
    history.sync(Map.of(SESSION, TRANSCRIPT));

    Map<String, PastTurn> turns = history.turns(SESSION);

    assertThat(turns.values()).anyMatch(t -> t.tools().contains("Edit") && !t.files().isEmpty());
    assertThat(turns.values()).noneMatch(t -> t.role().equals("user") && t.text().contains("tool_use_id"));
  }

  @Test
  void aGrowingTranscriptIsReadFromWhereTheLastReadStopped(@TempDir Path work) throws IOException {
    List<String> lines = Files.readAllLines(TRANSCRIPT, StandardCharsets.UTF_8);
    Path growing = work.resolve(SESSION + ".jsonl");
    Files.write(growing, lines.subList(0, 200), StandardCharsets.UTF_8);
    SessionHistory history = history();

    history.sync(Map.of(SESSION, growing));
    assertThat(history.search("SQLite-safe table rewrite", 3)).extracting(h -> h.turn().line()).contains(186);
    assertThat(history.search("did you push", 3)).isEmpty();

    Files.write(growing, lines.subList(200, lines.size()), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    SessionHistory.SyncReport second = history.sync(Map.of(SESSION, growing));

    assertThat(second.turns()).isLessThan(history.turns(SESSION).size());
    assertThat(history.search("did you push", 20)).extracting(h -> h.turn().line()).contains(1858, 1859);
    Map<String, PastTurn> whole = history.turns(SESSION);
    SessionHistory fresh = new SessionHistory(work.resolve("other"), dir -> SearchIndex.inMemory());
    fresh.sync(Map.of(SESSION, TRANSCRIPT));
    assertThat(whole.keySet()).isEqualTo(fresh.turns(SESSION).keySet());
  }

  @Test
  void aMissingTranscriptIsReportedAndTheOthersAreStillRead(@TempDir Path work) throws IOException {
    SessionHistory.SyncReport r = history().sync(Map.of("gone", work.resolve("gone.jsonl"), SESSION, TRANSCRIPT));

    assertThat(r.problems()).singleElement().asString().contains("gone.jsonl").contains("not found");
    assertThat(r.turns()).isPositive();
  }

  @Test
  void aSecretSaidInASessionNeverReachesTheHistory(@TempDir Path work) throws IOException {
    String token = "ghp_" + "Ab1Cd2Ef3Gh4".repeat(3);
    Path transcript = work.resolve("s9.jsonl");
    Files.writeString(transcript, "{\"type\":\"user\",\"sessionId\":\"s9\",\"uuid\":\"u1\",\"timestamp\":"
        + "\"2026-05-01T10:00:00Z\",\"message\":{\"role\":\"user\",\"content\":\"push with the token " + token
        + " to the deploy remote\"}}\n");
    SessionHistory history = history();

    history.sync(Map.of("s9", transcript));

    assertThat(history.search("deploy remote token", 1)).singleElement()
        .satisfies(h -> assertThat(h.turn().text()).contains("deploy remote").doesNotContain(token));
    try (var files = Files.walk(home)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f)).as(f.toString()).doesNotContain(token);
      }
    }
  }

  @Test
  void aTranscriptThatHasNotChangedIsNotReadAgainAndOneThatGrewIs(@TempDir Path work) throws IOException {
    Path transcript = work.resolve("s7.jsonl");
    Files.writeString(transcript, userLine("s7", "u1", "rebase the feature branch") + userLine("s7", "u2",
        "squash the fixup commits"));
    SessionHistory history = history();
    history.sync(Map.of("s7", transcript));
    assertThat(history.sync(Map.of("s7", transcript)).turns()).isZero();
    // Same size and the same last change, new words in the last turn, which a read would take again: a read would
    // find them. Such a file is taken as unchanged (the trade for not opening every transcript on every call).
    java.nio.file.attribute.FileTime changed = Files.getLastModifiedTime(transcript);
    Files.writeString(transcript, Files.readString(transcript).replace("squash", "reword"));
    Files.setLastModifiedTime(transcript, changed);

    SessionHistory.SyncReport same = history.sync(Map.of("s7", transcript));

    assertThat(same.turns()).isZero();
    assertThat(history.search("reword", 3)).isEmpty();

    Files.writeString(transcript, userLine("s7", "u3", "open the pull request"), StandardOpenOption.APPEND);
    SessionHistory.SyncReport grown = history.sync(Map.of("s7", transcript));

    assertThat(grown.turns()).isEqualTo(2); // the last turn read, read again, and the new one
    assertThat(history.search("reword", 3)).first().satisfies(h -> assertThat(h.turn().line()).isEqualTo(2));
    assertThat(history.search("pull request", 3)).first().satisfies(h -> assertThat(h.turn().line()).isEqualTo(3));
  }

  @Test
  void readPositionsWrittenBeforeSizesWereKeptAreStillRead() throws IOException {
    Path file = home.resolve("read.json");
    Files.writeString(file, "{\"transcripts\":{\"/t/a.jsonl\":{\"sessionId\":\"a\",\"offset\":120,\"lines\":3}}}");

    assertThat(new ReadPositions(file).read())
        .containsEntry("/t/a.jsonl", new ReadPositions.Position("a", 120, 3, 0, 0, 0));
  }

  @Test
  void aTranscriptReplacedByALongerOneIsReadFromItsStart(@TempDir Path work) throws IOException {
    Path transcript = work.resolve("s10.jsonl");
    Files.writeString(transcript, userLine("s10", "u1", "rename the billing module")
        + agentLine("s10", "a1", "Renamed it."));
    SessionHistory history = history();
    history.sync(Map.of("s10", transcript));

    // Another session's transcript now has this path, and it is longer than the first: read from where the first read
    // stopped, it would lose its first turns and index the middle of a line.
    Files.writeString(transcript, userLine("s10", "v1", "profile the checkout latency regression")
        + agentLine("s10", "b1", "The checkout spends its time in the tax lookup.")
        + userLine("s10", "v2", "cache the tax table"));
    history.sync(Map.of("s10", transcript));

    assertThat(history.search("billing module", 5)).isEmpty();
    assertThat(history.search("checkout latency regression", 5)).first()
        .satisfies(h -> assertThat(h.turn().line()).isEqualTo(1));
  }

  @Test
  void aTranscriptRewrittenToTheSameSizeIsReadAgain(@TempDir Path work) throws IOException {
    Path transcript = work.resolve("s11.jsonl");
    String first = userLine("s11", "u1", "bump the parser to version 7") + agentLine("s11", "a1", "Bumped.");
    Files.writeString(transcript, first);
    SessionHistory history = history();
    history.sync(Map.of("s11", transcript));

    String second = first.replace("parser", "lexers");
    assertThat(second).hasSameSizeAs(first);
    Files.writeString(transcript, second);
    // Some file systems keep the last change to the second: the rewrite is dated later, as a later write would be.
    Files.setLastModifiedTime(transcript, java.nio.file.attribute.FileTime.fromMillis(
        Files.getLastModifiedTime(transcript).toMillis() + 10_000));
    history.sync(Map.of("s11", transcript));

    assertThat(history.search("parser", 5)).isEmpty();
    assertThat(history.search("lexers", 5)).isNotEmpty();
  }

  @Test
  void aPromptIsFoundByTheWordsOfTheReplyAfterIt(@TempDir Path work) throws IOException {
    Path transcript = work.resolve("s8.jsonl");
    Files.writeString(transcript, userLine("s8", "u1", "where did the flaky timeout come from")
        + agentLine("s8", "a1", "The fixture clock drifted under heavy load.")
        + userLine("s8", "u2", "thanks, open a ticket"));
    SessionHistory history = history();
    history.sync(Map.of("s8", transcript));

    List<HistoryHit> hits = history.search("fixture clock drifted", 5);

    // The prompt holds none of these words: it is found by its reply's, which it carries as context.
    assertThat(hits).extracting(h -> h.turn().line()).contains(1, 2);
    assertThat(hits.get(0).turn().line()).isEqualTo(2);
  }

  @Test
  void appendingATurnReindexesTheTurnBeforeIt(@TempDir Path work) throws IOException {
    Path transcript = work.resolve("s6.jsonl");
    Files.writeString(transcript, userLine("s6", "u1", "deploy the staging cluster")
        + agentLine("s6", "a1", "Deploying it now.") + userLine("s6", "u2", "and the canary"));
    SessionHistory history = history();
    history.sync(Map.of("s6", transcript));
    assertThat(history.search("grafana password", 5)).isEmpty();

    Files.writeString(transcript, agentLine("s6", "a2", "Canary is up.") + userLine("s6", "u3",
        "also rotate the grafana password"), StandardOpenOption.APPEND);
    history.sync(Map.of("s6", transcript));

    // Line 4, the agent's reply read now, is before the new prompt; line 3 was read before and is read again as the
    // last turn; neither held these words until the prompt after them came.
    assertThat(history.search("grafana password", 5)).extracting(h -> h.turn().line()).contains(5, 4);
    assertThat(history.search("staging cluster", 5)).extracting(h -> h.turn().line()).contains(1, 2);
  }

  @Test
  void aTranscriptRewrittenUnderAnotherSessionLeavesNothingOfTheOldOneEvenAfterAFullCheck(@TempDir Path work)
      throws IOException {
    Path transcript = work.resolve("t.jsonl");
    Files.writeString(transcript, userLine("old1", "u1", "deploy the canary build to the staging cluster tonight")
        + agentLine("old1", "a1", "The canary build is deployed to the staging cluster."));
    SearchIndex index = SearchIndex.inMemory();
    SessionHistory history = new SessionHistory(home.resolve("history"), dir -> index);
    history.sync(Map.of("old1", transcript));
    assertThat(history.search("canary staging", 3)).isNotEmpty();

    Files.writeString(transcript, userLine("new2", "u9", "rotate the logs"));
    history.sync(Map.of("new2", transcript));

    assertThat(history.search("canary staging", 3)).isEmpty();
    assertThat(history.search("rotate logs", 3)).extracting(h -> h.turn().sessionId()).containsExactly("new2");
    assertThat(history.turns("old1")).isEmpty();
    Files.delete(home.resolve("history").resolve(SessionHistory.INDEX_STAMPS));
    HistoryIndexCheck.Outcome full = new HistoryIndexCheck(home.resolve("history/index"),
        new TurnCatalogue(home.resolve("history/turns"))).bringUpToDate(index);
    assertThat(full.full()).isTrue();
    assertThat(full.upserted()).isZero();
    assertThat(history.search("canary staging", 3)).isEmpty();
  }

  @Test
  void whatASyncIndexesIsWhatAFullCheckWouldIndexSoTheCheckRewritesNothing(@TempDir Path work) throws IOException {
    List<String> lines = Files.readAllLines(TRANSCRIPT, StandardCharsets.UTF_8);
    Path growing = work.resolve(SESSION + ".jsonl");
    Files.write(growing, lines.subList(0, 900), StandardCharsets.UTF_8);
    SearchIndex index = SearchIndex.inMemory();
    SessionHistory history = new SessionHistory(home.resolve("history"), dir -> index);
    history.sync(Map.of(SESSION, growing));
    Files.write(growing, lines.subList(900, lines.size()), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    history.sync(Map.of(SESSION, growing));
    Files.delete(home.resolve("history").resolve(SessionHistory.INDEX_STAMPS));

    HistoryIndexCheck.Outcome full = new HistoryIndexCheck(home.resolve("history/index"),
        new TurnCatalogue(home.resolve("history/turns"))).bringUpToDate(index);

    assertThat(full.full()).isTrue();
    assertThat(full.upserted()).isZero();
    assertThat(full.removed()).isZero();
  }

  @Test
  void theSessionsOfOtherAgentsAreFoundByWhatWasSaidInThem() throws IOException {
    SessionHistory history = history();
    Path codex = TestResources.path(
        "transcripts/codex/codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl");
    Path opencode = TestResources.path("transcripts/opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json");
    history.sync(Map.of("019e1695-0522-7c83-8b39-0dd379793f80", codex, "ses_2fd419c71ffeqSOLZEn9Pmpv8P", opencode));

    assertThat(history.search("go run command opencode plugin", 5))
        .extracting(h -> h.turn().sessionId()).first().isEqualTo("ses_2fd419c71ffeqSOLZEn9Pmpv8P");
    assertThat(history.search("demo scenario governance budgeting analytics", 5)).extracting(h -> h.turn().sessionId())
        .contains("019e1695-0522-7c83-8b39-0dd379793f80");
  }

  @Test
  void aSessionKeptAsOneDocumentIsReadAgainWholeWhenRewritten(@TempDir Path work) throws IOException {
    SessionHistory history = history();
    Path export = work.resolve("ses_x.json");
    Files.copy(TestResources.path("transcripts/opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json"), export);
    int first = history.sync(Map.of("ses_x", export)).turns();
    String json = Files.readString(export).replace("Replace entire with go run command", "Replace with a wrapper");
    Files.writeString(export, json.replace("I'd like the entire integration", "Please make the quokka integration"));

    SessionHistory.SyncReport again = history.sync(Map.of("ses_x", export));

    assertThat(again.turns()).isEqualTo(first);
    assertThat(history.search("quokka integration", 5)).anyMatch(h -> h.turn().text().contains("quokka integration"));
    assertThat(history.search("entire integration opencode project", 50))
        .noneMatch(h -> h.turn().text().contains("I'd like the entire integration"));
  }
}
