package io.engram.recall;

import static io.engram.recall.RecallFixtures.NOW;
import static io.engram.recall.RecallFixtures.doc;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HybridSearchTest {
  private static final RecallSettings DEFAULTS = RecallSettings.DEFAULTS;

  private static List<Candidate> search(List<RecallDocument> docs, RecallQuery query, RecallSettings s) {
    return RecallFixtures.index(docs).search(query, s, NOW);
  }

  private static Optional<Candidate> find(List<Candidate> ranked, String id) {
    return ranked.stream().filter(c -> c.id().equals(id)).findFirst();
  }

  @Test
  void theFilesBeingEditedFindTheirMemoryForAVaguePrompt() {
    List<RecallDocument> docs = List.of(
        doc("token-cache", "TokenCache entries expire after five minutes; refresh them in the auth filter."),
        doc("deploy", "Deploys run from the release branch after the standup."));
    RecallQuery query = new RecallQuery("please fix the failing test",
        Optional.of("files: auth/TokenCache.java TokenCache (edited)"));

    List<Candidate> ranked = search(docs, query, DEFAULTS);

    assertThat(ranked).first().satisfies(c -> {
      assertThat(c.id()).isEqualTo("token-cache");
      assertThat(c.routes()).contains("activity");
    });
    assertThat(search(docs, RecallQuery.of("please fix the failing test"), DEFAULTS)).isEmpty();
  }

  @Test
  void aSecondPassBringsTheOtherHopBelowTheFirst() {
    List<RecallDocument> docs = List.of(
        doc("adoption", "Alice adopted a puppy named Rex last spring."),
        doc("contest", "Rex won the agility contest held in Lyon."),
        doc("garden", "Bob planted tomatoes along the fence."));

    List<Candidate> ranked = search(docs, RecallQuery.of("Where did Alice's puppy compete?"), DEFAULTS);
    List<Candidate> without = search(docs, RecallQuery.of("Where did Alice's puppy compete?"),
        DEFAULTS.with("secondPassShare", 0.0));

    assertThat(ranked.get(0).id()).isEqualTo("adoption");
    assertThat(find(ranked, "contest")).hasValueSatisfying(c -> {
      assertThat(c.routes()).contains("second pass");
      assertThat(c.fused()).isPositive().isLessThan(ranked.get(0).fused());
    });
    assertThat(find(without, "contest")).isEmpty();
  }

  @Test
  void aMemoryDatedInThePeriodTheQuestionNamesIsLifted() {
    List<RecallDocument> docs = List.of(
        doc("cache-a", "We decided the cache keeps sessions for an hour.", Instant.parse("2026-03-10T09:00:00Z"), 0,
            false),
        doc("cache-b", "We decided the cache keeps sessions for a day.", Instant.parse("2026-05-06T09:00:00Z"), 0,
            false));

    List<Candidate> march = search(docs, RecallQuery.of("what did we decide about the cache in March"), DEFAULTS);
    List<Candidate> may = search(docs, RecallQuery.of("what did we decide about the cache last week"), DEFAULTS);

    assertThat(march.get(0).id()).isEqualTo("cache-a");
    assertThat(march.get(0).routes()).contains("dated");
    assertThat(may.get(0).id()).isEqualTo("cache-b");
    assertThat(may.get(0).routes()).contains("dated");
  }

  @Test
  void coverageSaysHowMuchOfTheQuestionADocumentHolds() {
    List<RecallDocument> docs = List.of(
        doc("redis", "Integration tests need a local Redis server on port 6379."),
        doc("pnpm", "Install packages with pnpm; npm breaks the lockfile."));

    List<Candidate> ranked = search(docs, RecallQuery.of("redis server for integration tests"), DEFAULTS);

    assertThat(ranked.get(0).id()).isEqualTo("redis");
    assertThat(ranked.get(0).coverage()).isGreaterThan(0.9);
    // pnpm shares no word with the question: at most the second pass reaches it, and then it cannot clear the floor
    find(ranked, "pnpm").ifPresent(c -> {
      assertThat(c.coverage()).isZero();
      assertThat(c.clears(DEFAULTS.keywordFloor(), Double.POSITIVE_INFINITY)).isFalse();
    });
  }

  /** Reads a dog, a park and roadworks alike in English and Chinese, one dimension each. */
  private static final class SharedMeaning implements Embedder {
    @Override
    public float[] embed(String text) {
      String t = text.toLowerCase(java.util.Locale.ROOT);
      return new float[] {count(t, "dog") + count(t, "狗"), count(t, "park") + count(t, "公园"),
          count(t, "road") + count(t, "修路"), 0.1f};
    }

    @Override
    public int dimension() {
      return 4;
    }

    private static float count(String text, String word) {
      return text.split(word, -1).length - 1;
    }
  }

  /** Hybrid search of {@code query} over {@code docs}, each document's script read from its text, with no rescoring. */
  private static List<Candidate> acrossScripts(List<RecallDocument> docs, String query) {
    InMemorySearchIndex index = new InMemorySearchIndex();
    Embedder model = new SharedMeaning();
    new RecallIndex(index, Optional.of(model)).sync(docs);
    java.util.Map<String, RecallDocument> byId = new java.util.HashMap<>();
    docs.forEach(d -> byId.put(d.id(), d));
    return new HybridSearch(index, (text, n) -> index.vectorSearch(model.embedQuery(text), n),
        (text, hits) -> List.of(), byId, (id, script) -> Script.of(byId.get(id).ownText()) != script, DEFAULTS).run(RecallQuery.of(query), NOW);
  }

  @Test
  void aMemoryInTheOtherScriptIsNotHeldBackByKeywordsThatCouldNotMatchIt() {
    List<RecallDocument> docs = List.of(doc("en-park", "The dog park opens at seven."),
        doc("zh-road", "公园门口在修路，先绕到东门。"));

    List<Candidate> ranked = acrossScripts(docs, "狗公园几点开门？");

    // zh-road shares the word 公园 with the question; the English answer shares none, and cannot: it is found by
    // meaning, and judged by its meaning alone rather than as a document the keywords missed
    assertThat(find(ranked, "zh-road").orElseThrow().keywordRank()).isPresent();
    assertThat(ranked.get(0).id()).isEqualTo("en-park");
    assertThat(ranked.get(0).keywordRank()).isEmpty();
    assertThat(ranked.get(0).coverage()).as("the floor still reads what the keywords found").isZero();
  }

  @Test
  void anEnglishPromptThatReachesNoChineseMemoryByItsWordsFindsTheChineseAnswer() {
    List<RecallDocument> docs = List.of(doc("zh-park", "狗公园七点开门。"),
        doc("en-road", "The park entrance is closed for roadworks."));

    List<Candidate> ranked = acrossScripts(docs, "When does the dog park open?");

    assertThat(ranked.get(0).id()).isEqualTo("zh-park");
    assertThat(find(ranked, "en-road").orElseThrow().keywordRank()).isPresent();
  }

  @Test
  void aPromptWhoseWordsReachTheOtherScriptIsFusedAsUsual() {
    List<RecallDocument> docs = List.of(doc("en-park", "The dog park opens at seven."),
        doc("en-ranger", "Ranger shifts are posted weekly."),
        doc("zh-road", "公园门口在修路，先绕到东门。"));

    List<Candidate> ranked = acrossScripts(docs, "Ranger 说狗公园几点开门？");

    // "Ranger" is a word an English memory can hold (it reaches one), so an English memory without it counts that
    // against it: the best cosine, found by vectors alone, keeps only the vector share, weighed by its coverage of none
    assertThat(find(ranked, "en-ranger").orElseThrow().keywordRank()).isPresent();
    Candidate park = find(ranked, "en-park").orElseThrow();
    assertThat(park.keywordRank()).isEmpty();
    assertThat(park.fused()).isCloseTo(DEFAULTS.vectorShare() * (1 - DEFAULTS.coverageWeight()),
        org.assertj.core.data.Offset.offset(1e-9));
  }
}
