package io.engram.recall;

import static io.engram.recall.RecallFixtures.NOW;
import static io.engram.recall.RecallFixtures.doc;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RecallerTest {
  private static final RecallSettings DEFAULTS = RecallSettings.DEFAULTS;

  private static List<RecallDocument> redisDocs(int n, int bodyBytes) {
    List<RecallDocument> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String line = "redis note " + i + " " + "x".repeat(40) + "\n";
      docs.add(doc("m" + i, line.repeat(Math.max(1, bodyBytes / line.length()))));
    }
    return docs;
  }

  private static List<String> ids(RecallResult r) {
    return r.memories().stream().map(RecalledMemory::id).toList();
  }

  @Test
  void atMostFiveFilesATurn() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(8, 100)), DEFAULTS, Optional.empty());

    RecallResult r = recaller.recall("redis");

    assertThat(r.memories()).hasSize(5);
    assertThat(r.leftOut()).extracting(RecallResult.LeftOut::reason).anyMatch(s -> s.startsWith("files-per-turn"));
  }

  @Test
  void eachFileIsCutToFourKilobytesAtALineBoundary() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(1, 10_000)), DEFAULTS, Optional.empty());

    RecalledMemory m = recaller.recall("redis").memories().get(0);

    assertThat(m.truncated()).isTrue();
    assertThat(m.bytes()).isLessThanOrEqualTo(4096);
    assertThat(m.content()).contains("[truncated: ");
    String kept = m.content().substring(0, m.content().lastIndexOf("[truncated"));
    assertThat(kept.split("\n")).allMatch(l -> l.matches("redis note 0 x{40}"));
    assertThat(m.reason()).contains("truncated to").contains("per-file");
  }

  @Test
  void aTurnSendsAtMostTwentyKilobytes() {
    RecallSettings s = RecallFixtures.settings(10, 4096, 20 * 1024, 60 * 1024);
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(8, 5000)), s, Optional.empty());

    RecallResult r = recaller.recall("redis");

    assertThat(r.turnBytes()).isLessThanOrEqualTo(20 * 1024);
    assertThat(r.memories().stream().mapToInt(RecalledMemory::bytes).sum()).isEqualTo(r.turnBytes());
    assertThat(r.memories()).hasSizeBetween(5, 6);
    assertThat(r.leftOut()).extracting(RecallResult.LeftOut::reason).contains("turn byte budget spent");
  }

  @Test
  void aSessionSendsAtMostSixtyKilobytes() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(30, 5000)), DEFAULTS, Optional.empty());

    List<RecallResult> turns = IntStream.range(0, 6).mapToObj(i -> recaller.recall("redis")).toList();

    assertThat(recaller.sessionBytes()).isLessThanOrEqualTo(60 * 1024).isGreaterThan(55 * 1024);
    assertThat(turns.get(5).memories()).isEmpty();
    assertThat(turns.get(5).leftOut()).extracting(RecallResult.LeftOut::reason).contains("session byte budget spent");
  }

  @Test
  void aMemoryIsNotSentTwiceInOneSession() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(7, 100)), DEFAULTS, Optional.empty());

    RecallResult first = recaller.recall("redis");
    RecallResult second = recaller.recall("redis");

    assertThat(ids(second)).hasSize(2).doesNotContainAnyElementsOf(ids(first));
    assertThat(second.leftOut()).extracting(RecallResult.LeftOut::reason).contains("already sent this session");
    assertThat(recaller.surfaced()).hasSize(7);
  }

  @Test
  void supersededMemoriesAreLeftOut() {
    RecallIndex index = RecallFixtures.index(List.of(
        doc("old", "deploy with jenkins", NOW.minusSeconds(60), 0, true),
        doc("new", "deploy with github actions", NOW.minusSeconds(60), 0, false)));
    Recaller recaller = RecallFixtures.recaller(index, DEFAULTS, Optional.empty());

    RecallResult r = recaller.recall("deploy");

    assertThat(ids(r)).containsExactly("new");
    assertThat(r.leftOut()).contains(new RecallResult.LeftOut("old", "superseded"));
    assertThat(recaller.manifest().entries()).extracting(Manifest.Entry::id).containsExactly("new");
  }

  @Test
  void hotterMemoryWinsAnEvenMatchAndColdOnesSinkButStay() {
    RecallIndex index = RecallFixtures.index(List.of(
        doc("stale", "flaky test in payments", NOW.minus(Duration.ofDays(200)), 0, false),
        doc("fresh", "flaky test in payments", NOW.minus(Duration.ofDays(1)), 0, false),
        doc("used", "flaky test in payments", NOW.minus(Duration.ofDays(60)), 20, false)));
    Recaller recaller = RecallFixtures.recaller(index, DEFAULTS, Optional.empty());

    RecallResult r = recaller.recall("flaky payments test");

    assertThat(ids(r)).containsExactly("fresh", "used", "stale");
    assertThat(r.memories().get(0).reason()).endsWith("hot");
    assertThat(r.memories().get(2).reason()).endsWith("cold");
  }

  @Test
  void hotnessDecaysWithAgeAndUseSlowsTheDecay() {
    double halfLife = 30;
    RecallDocument monthOld = doc("a", "x", NOW.minus(Duration.ofDays(30)), 0, false);
    RecallDocument monthOldUsed = doc("b", "x", NOW.minus(Duration.ofDays(30)), 5, false);
    RecallDocument recalledToday = monthOld.recalledAt(NOW);

    assertThat(Hotness.of(monthOld, NOW, halfLife)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(Hotness.of(monthOldUsed, NOW, halfLife)).isGreaterThan(0.5);
    assertThat(Hotness.of(recalledToday, NOW, halfLife)).isGreaterThan(Hotness.of(monthOldUsed, NOW, halfLife));
  }

  @Test
  void everyResultSaysWhyItWasChosen() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(2, 100)), DEFAULTS, Optional.empty());

    assertThat(recaller.recall("redis").memories()).extracting(RecalledMemory::reason)
        .allMatch(r -> r.matches("bm25 #\\d+, (hot|warm|cold)"));
  }

  @Test
  void rerankerOrderIsUsedWhenItPicksFromTheShortList() {
    Reranker picksLast = (q, list, manifest) -> List.of(list.get(list.size() - 1).id(), "not-a-candidate");
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(4, 100)), DEFAULTS, Optional.of(picksLast));

    RecallResult r = recaller.recall("redis");

    assertThat(r.reranked()).isTrue();
    assertThat(r.memories()).hasSize(1);
    assertThat(r.memories().get(0).reason()).startsWith("reranked #1 (hybrid #4: bm25");
  }

  @Test
  void rerankerFailureOrBadPicksFallBackToTheHybridOrder() {
    RecallIndex index = RecallFixtures.index(redisDocs(3, 100));
    List<String> hybrid = ids(RecallFixtures.recaller(index, DEFAULTS, Optional.empty()).recall("redis"));
    List<Reranker> bad = List.of(
        (q, list, manifest) -> { throw new IllegalStateException("timeout"); },
        (q, list, manifest) -> List.of("invented.md"));

    for (Reranker reranker : bad) {
      RecallResult r = RecallFixtures.recaller(index, DEFAULTS, Optional.of(reranker)).recall("redis");
      assertThat(r.reranked()).isFalse();
      assertThat(ids(r)).isEqualTo(hybrid);
      assertThat(r.leftOut()).extracting(RecallResult.LeftOut::reason).anyMatch(s -> s.contains("hybrid order used"));
    }
  }

  @Test
  void anEmptyPickIsAnAnswerAndSendsNothing() {
    Reranker none = (q, list, manifest) -> List.of();
    RecallResult r = RecallFixtures.recaller(RecallFixtures.index(redisDocs(3, 100)), DEFAULTS, Optional.of(none))
        .recall("redis");

    assertThat(r.reranked()).isTrue();
    assertThat(r.memories()).isEmpty();
    assertThat(r.leftOut()).extracting(RecallResult.LeftOut::reason).contains("the model picked none");
  }

  @Test
  void manifestListsNewestFirstUpToTheCap() {
    List<RecallDocument> docs = IntStream.range(0, 250)
        .mapToObj(i -> doc("m" + i, "b", NOW.minus(Duration.ofHours(i)), 0, false)).toList();

    Manifest manifest = Manifest.of(docs, 200);

    assertThat(manifest.entries()).hasSize(200);
    assertThat(manifest.omitted()).isEqualTo(50);
    assertThat(manifest.entries().get(0).id()).isEqualTo("m0");
    assertThat(manifest.render()).startsWith("- [project] m0: about m0\n").contains("50 older memories");
  }

  @Test
  void aQueryNothingMatchesGetsNothingAndThatIsTheAnswer() {
    Recaller recaller = RecallFixtures.recaller(RecallFixtures.index(redisDocs(3, 100)), DEFAULTS, Optional.empty());

    RecallResult r = recaller.recall("kubernetes helm chart values");

    assertThat(r.memories()).isEmpty();
  }

  @Test
  void aMemoryMatchingTooLittleOfTheQueryIsCutAtTheFloorAndSaysWhy() {
    List<RecallDocument> docs = List.of(
        doc("lombok", "Lombok is not allowed: annotation processing breaks the Gradle build cache."),
        doc("redis", "Integration tests need a local Redis server."));

    RecallResult r = RecallFixtures.recaller(RecallFixtures.index(docs), DEFAULTS, Optional.empty())
        .recall("can I add lombok annotation processing to the gradle build for the tests?");

    assertThat(ids(r)).containsExactly("lombok");
    assertThat(r.leftOut()).allSatisfy(l -> {
      assertThat(l.id()).isEqualTo("redis");
      assertThat(l.reason()).startsWith("below the relevance floor (matches ").contains("the floor is 30%");
    });
  }

  @Test
  void noMemoryIsEverSentWithAScoreOfZero() {
    List<RecallDocument> docs = new ArrayList<>(redisDocs(6, 100));
    docs.add(doc("unrelated", "the quarterly report is due friday"));

    for (String q : List.of("redis", "redis note 3", "report", "friday redis", "x")) {
      RecallResult r = RecallFixtures.recaller(RecallFixtures.index(docs), DEFAULTS, Optional.empty()).recall(q);
      assertThat(r.memories()).allSatisfy(m -> assertThat(m.score()).isPositive());
    }
  }

  @Test
  void noMemoryIsEverSentWithAScoreOfZeroWhenVectorsAndDatesTakePart() {
    // Vector search returns every memory with a vector, so the weakest of each list normalises to 0.
    List<RecallDocument> docs = new ArrayList<>(redisDocs(6, 100));
    docs.add(doc("cats", "the cat sleeps on the kitten's blanket", RecallFixtures.NOW.minusSeconds(3 * 86_400), 0, false));
    docs.add(doc("dogs", "a dog and a puppy in the yard", RecallFixtures.NOW.minusSeconds(40 * 86_400), 0, false));
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(new RecallIndexTest.CountingEmbedder()));
    index.sync(docs);

    for (String q : List.of("what did the cat do last week", "redis yesterday", "puppy in March", "x", "kitten")) {
      RecallResult r = RecallFixtures.recaller(index, DEFAULTS, Optional.empty()).recall(q);
      assertThat(r.memories()).allSatisfy(m -> assertThat(m.score()).isPositive());
    }
  }
}
