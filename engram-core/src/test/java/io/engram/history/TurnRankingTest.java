package io.engram.history;

import static io.engram.history.TranscriptLines.agent;
import static io.engram.history.TranscriptLines.user;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TurnRankingTest {
  @TempDir Path home;

  private Map<String, Path> transcripts() throws IOException {
    Path asked = home.resolve("s1.jsonl");
    Files.writeString(asked, user("s1", "u1", "2026-05-04T09:00:00Z", "how do we rotate the signing key?")
        + agent("s1", "a1", "2026-05-04T09:00:05Z", "Run scripts/rotate.sh with the new key id, then update"
            + " RELEASE_KEY in the CI secrets; the old one stays valid for a week so running builds finish."));
    Path mention = home.resolve("s2.jsonl");
    Files.writeString(mention, user("s2", "u2", "2026-05-06T15:00:00Z", "the signing key section of the notes"
        + " says signing key twice, fix the signing key wording in the changelog")
        + agent("s2", "a2", "2026-05-06T15:00:04Z", "Fixed the wording in CHANGELOG.md."));
    return Map.of("s1", asked, "s2", mention);
  }

  private SessionHistory history(RecallSettings.Rescoring rescoring) {
    return new SessionHistory(home.resolve("history"), dir -> SearchIndex.inMemory(),
        RecallSettings.DEFAULTS.with("rescoring", rescoring),
        Clock.fixed(Instant.parse("2026-05-10T00:00:00Z"), ZoneOffset.UTC));
  }

  @Test
  void theReplyToAMatchingQuestionComesBeforeAPassingMentionElsewhere() throws IOException {
    SessionHistory ranked = history(RecallSettings.Rescoring.DEFAULTS);
    ranked.sync(transcripts());

    List<String> order = ranked.search("how to rotate the signing key", 4).stream()
        .map(h -> h.turn().sessionId() + "/" + h.turn().role()).toList();
    List<String> keywordsOnly = history(RecallSettings.Rescoring.OFF).search("how to rotate the signing key", 4)
        .stream().map(h -> h.turn().sessionId() + "/" + h.turn().role()).toList();

    assertThat(order.indexOf("s1/assistant")).isLessThan(order.indexOf("s2/user"));
    // Keywords alone do it too now: the reply carries its question's words as context. (Over single turns they put
    // the passing mention, which says "signing key" three times, first.)
    assertThat(keywordsOnly.indexOf("s1/assistant")).isLessThan(keywordsOnly.indexOf("s2/user"));
  }

  @Test
  void aTurnIsADocumentOfItsSessionFollowingTheTurnBeforeItWithItsNeighboursAsContext() throws IOException {
    SessionHistory history = history(RecallSettings.Rescoring.DEFAULTS);
    history.sync(transcripts());
    Map<String, PastTurn> s1 = history.turns("s1");
    List<PastTurn> turns = s1.values().stream().sorted(java.util.Comparator.comparingInt(PastTurn::line)).toList();
    TurnRanking ranking = new TurnRanking(SearchIndex.inMemory(), s -> s1, RecallSettings.DEFAULTS);

    var reply = ranking.document(turns.get(1));
    var question = ranking.document(turns.get(0));

    assertThat(reply.group()).isEqualTo("s1");
    assertThat(reply.follows()).isEqualTo(turns.get(0).id());
    assertThat(reply.body()).startsWith("Run scripts/rotate.sh");
    assertThat(reply.context()).isEqualTo("how do we rotate the signing key?");
    assertThat(reply.activity().updated()).isEqualTo(Instant.parse("2026-05-04T09:00:05Z"));
    assertThat(question.follows()).isEmpty();
    assertThat(question.context()).startsWith("Run scripts/rotate.sh");
  }
}
