package io.engram.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryIndexCheckTest {
  @TempDir Path dir;
  SearchIndex index = SearchIndex.inMemory();
  TurnCatalogue catalogue;

  @BeforeEach
  void twoSessions() throws IOException {
    catalogue = new TurnCatalogue(dir.resolve("turns"));
    catalogue.put("s1", List.of(turn("s1", 1, "rotate the alpha keys"), turn("s1", 2, "rotated them")), false);
    catalogue.put("s2", List.of(turn("s2", 1, "bump the beta release")), false);
  }

  private static PastTurn turn(String session, int line, String text) {
    return new PastTurn(session, "user", text, List.of(), List.of(), Optional.empty(), session + ".jsonl", line,
        Optional.empty());
  }

  private HistoryIndexCheck.Outcome check() throws IOException {
    return new HistoryIndexCheck(dir.resolve("index"), catalogue).bringUpToDate(index);
  }

  private List<String> found(String query) {
    return index.keywordSearch(query, 5).stream().map(SearchIndex.Hit::id).toList();
  }

  /** Replaces a word in a session file by one as long, keeping the file's size and, when asked, its stamp. */
  private void edit(String session, String word, String same, boolean keepStamp) throws IOException {
    Path file = dir.resolve("turns").resolve(session + ".json");
    FileTime modified = Files.getLastModifiedTime(file);
    Files.writeString(file, Files.readString(file).replace(word, same));
    Files.setLastModifiedTime(file, keepStamp ? modified : FileTime.fromMillis(modified.toMillis() + 2_000));
  }

  @Test
  void aFirstCheckComparesEverySessionAndIndexesItsTurns() throws IOException {
    assertThat(check()).isEqualTo(new HistoryIndexCheck.Outcome(true, 2, 3, 0));
    assertThat(found("alpha")).startsWith("s1#1");
  }

  @Test
  void anUnchangedHistoryReadsNoSessionFile() throws IOException {
    check();
    edit("s1", "alpha", "gamma", true); // behind the stamps' back: a read of s1 would index "gamma"
    edit("s2", "beta", "zeta", true);

    assertThat(check()).isEqualTo(new HistoryIndexCheck.Outcome(false, 0, 0, 0));
    assertThat(found("gamma")).isEmpty();
    assertThat(found("zeta")).isEmpty();
  }

  @Test
  void onlyASessionWhoseFileChangedIsReadAndReindexed() throws IOException {
    check();
    edit("s1", "alpha", "gamma", true); // behind the stamps' back: seen only if s1 were read again
    edit("s2", "beta", "zeta", false);

    HistoryIndexCheck.Outcome o = check();

    assertThat(o.full()).isFalse();
    assertThat(o.sessionsRead()).isEqualTo(1);
    assertThat(found("zeta")).containsExactly("s2#1");
    assertThat(found("gamma")).isEmpty();
  }

  @Test
  void aDamagedStampsFileLeadsToAFullCheckThatFindsEverything() throws IOException {
    check();
    edit("s1", "alpha", "gamma", true);
    Files.writeString(dir.resolve("index").resolve(HistoryIndexCheck.FILE), "{\"fingerprint\": [");

    HistoryIndexCheck.Outcome o = check();

    assertThat(o.full()).isTrue();
    assertThat(o.sessionsRead()).isEqualTo(2);
    assertThat(found("gamma")).startsWith("s1#1");
    assertThat(found("rotated")).startsWith("s1#2");
    assertThat(found("beta")).containsExactly("s2#1");
  }

  @Test
  void stampsRecordedForEntriesMadeAnotherWayLeadToAFullCheck() throws IOException {
    check();
    Path stamps = dir.resolve("index").resolve(HistoryIndexCheck.FILE);
    Files.writeString(stamps, Files.readString(stamps).replace("\"entries\":" + TurnEntries.FORMAT, "\"entries\":1"));

    assertThat(check()).isEqualTo(new HistoryIndexCheck.Outcome(true, 2, 0, 0));
  }

  @Test
  void aFullCheckRemovesIndexEntriesWhoseTurnIsNoLongerKept() throws IOException {
    check();
    index.upsert(TurnEntries.of(List.of(turn("s1", 9, "an orphan of a kept session"))).get(0));
    index.upsert(TurnEntries.of(List.of(turn("gone", 1, "an orphan of a session without a file"))).get(0));

    HistoryIndexCheck.Outcome o = check();

    assertThat(o.full()).isTrue(); // the index no longer matches its fingerprint
    assertThat(o.removed()).isEqualTo(2);
    assertThat(index.contentHashes().keySet()).containsExactlyInAnyOrder("s1#1", "s1#2", "s2#1");
  }

  @Test
  void anIndexRebuiltEmptyIsFilledAgainThoughTheStampsMatch() throws IOException {
    check();
    index = SearchIndex.inMemory();

    HistoryIndexCheck.Outcome o = check();

    assertThat(o.full()).isTrue();
    assertThat(o.upserted()).isEqualTo(3);
    assertThat(found("beta")).containsExactly("s2#1");
  }

  @Test
  void aSessionFileRemovedTakesItsTurnsOutOfTheIndex() throws IOException {
    check();
    Files.delete(dir.resolve("turns").resolve("s2.json"));

    HistoryIndexCheck.Outcome o = check();

    assertThat(o).isEqualTo(new HistoryIndexCheck.Outcome(false, 1, 0, 1));
    assertThat(found("beta")).isEmpty();
  }
}
