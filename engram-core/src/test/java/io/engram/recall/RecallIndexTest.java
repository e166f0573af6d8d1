package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.config.RecallSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class RecallIndexTest {

  /** Embeds by counting a few marker words, and records what it was asked to embed. */
  static final class CountingEmbedder implements Embedder {
    final List<String> embedded = new ArrayList<>();
    boolean failQueries;

    @Override
    public float[] embed(String text) {
      if (failQueries && !text.contains("\n")) {
        throw new IllegalStateException("model unavailable");
      }
      embedded.add(text);
      String t = text.toLowerCase();
      return new float[] {count(t, "cat") + count(t, "kitten"), count(t, "dog") + count(t, "puppy"), 0.01f};
    }

    private static float count(String t, String w) {
      return t.split(w, -1).length - 1;
    }

    @Override
    public int dimension() {
      return 3;
    }
  }

  /** The counting embedder with token vectors: one axis per word, and a record of the texts read token by token. */
  static final class TokenEmbedder implements Embedder {
    final CountingEmbedder sentences = new CountingEmbedder();
    // Documents are read side by side.
    final List<String> read = Collections.synchronizedList(new ArrayList<>());
    boolean failTokens;

    @Override
    public float[] embed(String text) {
      return sentences.embed(text);
    }

    @Override
    public List<float[]> tokenVectors(String text, boolean query) {
      if (failTokens) {
        throw new IllegalStateException("token vectors unavailable");
      }
      if (!query) {
        read.add(text);
      }
      List<float[]> out = new ArrayList<>();
      for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
        if (!word.isEmpty() && (!query || FunctionWords.carriesContent(word))) {
          float[] v = new float[16];
          v[Math.floorMod(word.hashCode(), 16)] = 1;
          out.add(v);
        }
      }
      return out;
    }

    @Override
    public int dimension() {
      return 3;
    }
  }

  private static List<RecallDocument> session() {
    Instant t = Instant.parse("2024-01-01T00:00:00Z");
    return List.of(
        RecallDocument.of("D1:1", "Tim", "", "what are you reading these days?", t).inGroup("D1", ""),
        RecallDocument.of("D1:2", "John", "", "a fantasy novel about a cat and a dragon", t).inGroup("D1", "D1:1"),
        RecallDocument.of("D1:3", "Tim", "", "my cat would love that dragon", t).inGroup("D1", "D1:2"),
        RecallDocument.of("D1:4", "John", "", "unrelated words about the weather", t).inGroup("D1", "D1:3"));
  }

  @Test
  void theBestCandidatesAndTheirRepliesAreReadTokenByTokenUpToTheSetting() {
    TokenEmbedder model = new TokenEmbedder();
    RecallIndex index = new RecallIndex(SearchIndex.inMemory(), Optional.of(model));
    index.sync(session());
    RecallSettings one = RecallSettings.DEFAULTS.with("rescoring", new RecallSettings.Rescoring(
        0.15, 0.25, 0.2, 0.6, 0.5, 0.4, 0.15, 0.4, 0.1, 40, 1));

    index.search(RecallQuery.of("cat dragon novel"), one, Instant.now());

    // The best candidate and the turn that replies to it: two turns side by side.
    List<String> texts = session().stream().map(RecallDocument::ownText).toList();
    assertThat(model.read).hasSize(2);
    assertThat(Math.abs(texts.indexOf(model.read.get(1)) - texts.indexOf(model.read.get(0)))).isEqualTo(1);
  }

  @Test
  void tokenVectorsThatFailLeaveTheRankingAsItIsWithoutThem() {
    TokenEmbedder failing = new TokenEmbedder();
    failing.failTokens = true;
    RecallIndex index = new RecallIndex(SearchIndex.inMemory(), Optional.of(failing));
    index.sync(session());
    RecallSettings noTokens = RecallSettings.DEFAULTS.with("rescoring",
        RecallSettings.Rescoring.DEFAULTS.with("tokens", 0.0).with("replyTokens", 0.0));
    Instant now = Instant.now();

    assertThat(index.search(RecallQuery.of("cat dragon novel"), RecallSettings.DEFAULTS, now))
        .isEqualTo(index.search(RecallQuery.of("cat dragon novel"), noTokens, now));
  }

  @Test
  void aDocumentIsReadTokenByTokenOnceAcrossSearches() {
    TokenEmbedder model = new TokenEmbedder();
    RecallIndex index = new RecallIndex(SearchIndex.inMemory(), Optional.of(model));
    index.sync(session());

    index.search(RecallQuery.of("cat dragon"), RecallSettings.DEFAULTS, Instant.now());
    int first = model.read.size();
    index.search(RecallQuery.of("dragon novel"), RecallSettings.DEFAULTS, Instant.now());

    assertThat(first).isPositive();
    assertThat(model.read).hasSize(first).doesNotHaveDuplicates();
  }

  @Test
  void fusionRewardsAgreementBetweenRetrievers() {
    List<SearchIndex.Hit> keyword = List.of(new SearchIndex.Hit("a", 9), new SearchIndex.Hit("b", 5));
    List<SearchIndex.Hit> vector = List.of(new SearchIndex.Hit("b", 0.9), new SearchIndex.Hit("c", 0.8));

    List<Candidate> fused = RankFusion.reciprocalRanks(keyword, vector, 60);

    assertThat(fused).extracting(Candidate::id).containsExactly("b", "a", "c");
    assertThat(fused.get(0).fused()).isCloseTo(1.0 / 62 + 1.0 / 61, Offset.offset(1e-12));
    assertThat(fused.get(0).retrievalReason()).isEqualTo("bm25 #2 + vector #1");
    assertThat(fused.get(2).retrievalReason()).isEqualTo("vector #2");
  }

  @Test
  void vectorWeightScalesTheVectorRankingsShare() {
    List<SearchIndex.Hit> keyword = List.of(new SearchIndex.Hit("a", 9), new SearchIndex.Hit("b", 5));
    List<SearchIndex.Hit> vector = List.of(new SearchIndex.Hit("b", 0.9), new SearchIndex.Hit("a", 0.1));

    assertThat(RankFusion.reciprocalRanks(keyword, vector, 60, 2.0)).extracting(Candidate::id).containsExactly("b", "a");
    assertThat(RankFusion.reciprocalRanks(keyword, vector, 60, 0.5)).extracting(Candidate::id).containsExactly("a", "b");
  }

  @Test
  void syncReindexesOnlyChangedDocuments() {
    CountingEmbedder embedder = new CountingEmbedder();
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(embedder));
    RecallDocument a = RecallFixtures.doc("a", "cats");
    RecallDocument b = RecallFixtures.doc("b", "dogs");
    RecallDocument c = RecallFixtures.doc("c", "birds");

    assertThat(index.sync(List.of(a, b, c))).isEqualTo(new RecallIndex.SyncReport(3, 0, 0, 0));
    embedder.embedded.clear();
    RecallDocument b2 = RecallFixtures.doc("b", "puppies and dogs");
    assertThat(index.sync(List.of(a, b2))).isEqualTo(new RecallIndex.SyncReport(0, 1, 1, 1));

    assertThat(embedder.embedded).containsExactly(b2.searchText());
    assertThat(index.search("puppies", 10, 60)).extracting(Candidate::id).first().isEqualTo("b");
    assertThat(index.documents()).containsOnlyKeys("a", "b");
  }

  private static List<RecallDocument> manyDocs(int n, String word) {
    List<RecallDocument> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      docs.add(RecallFixtures.doc(String.format("m%03d", i), "note " + i + " about the " + word));
    }
    return docs;
  }

  @Test
  void aSyncPastItsEmbeddingBudgetLeavesTheRestToKeywordsAndTheNextSyncsEmbedThem() {
    CountingEmbedder embedder = new CountingEmbedder();
    SearchIndex search = new InMemorySearchIndex();
    RecallIndex index = new RecallIndex(search, Optional.of(embedder), Duration.ZERO);
    List<RecallDocument> docs = manyDocs(200, "kitten");

    // At least one batch of 64 is embedded whatever the budget; the other 136 are found by keywords meanwhile.
    assertThat(index.sync(docs)).isEqualTo(new RecallIndex.SyncReport(200, 0, 0, 0, 136));
    assertThat(embedder.embedded).hasSize(64);
    assertThat(search.keywordSearch("kitten", 500)).hasSize(200);
    assertThat(search.vectorSearch(new float[] {1, 0, 0.01f}, 500)).hasSize(64);

    // The next sync embeds the next batch; the 72 still waiting are not indexed again.
    embedder.embedded.clear();
    assertThat(index.sync(docs)).isEqualTo(new RecallIndex.SyncReport(0, 64, 0, 136, 72));
    assertThat(embedder.embedded).hasSize(64);
    assertThat(index.sync(docs).unembedded()).isEqualTo(8);
    assertThat(index.sync(docs)).isEqualTo(new RecallIndex.SyncReport(0, 8, 0, 192, 0));
    assertThat(index.sync(docs)).isEqualTo(new RecallIndex.SyncReport(0, 0, 0, 200, 0));
    assertThat(search.vectorSearch(new float[] {1, 0, 0.01f}, 500)).hasSize(200);
  }

  @Test
  void aDocumentThatChangesWhileWaitingForItsVectorIsIndexedAgainByItsNewWords() {
    CountingEmbedder embedder = new CountingEmbedder();
    SearchIndex search = new InMemorySearchIndex();
    RecallIndex index = new RecallIndex(search, Optional.of(embedder), Duration.ZERO);
    List<RecallDocument> docs = new ArrayList<>(manyDocs(130, "kitten"));
    index.sync(docs);
    docs.set(129, RecallFixtures.doc("m129", "the puppy learned a new trick"));

    RecallIndex.SyncReport second = index.sync(docs);

    assertThat(second.unembedded()).isEqualTo(2);
    assertThat(search.keywordSearch("trick", 5)).extracting(SearchIndex.Hit::id).containsExactly("m129");
  }

  @Test
  void aNegativeEmbeddingBudgetIsRefused() {
    assertThatThrownBy(() -> new RecallIndex(new InMemorySearchIndex(), Optional.empty(),
        Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
  }

  @Test
  void vectorSearchFindsWhatKeywordsMiss() {
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(new CountingEmbedder()));
    index.sync(List.of(RecallFixtures.doc("pets", "a kitten sleeps"), RecallFixtures.doc("work", "deploy on friday")));

    List<Candidate> found = index.search("cat", 10, 60);

    assertThat(found).extracting(Candidate::id).first().isEqualTo("pets");
    assertThat(found.get(0).keywordRank()).isEmpty();
    assertThat(found.get(0).vectorRank()).hasValue(1);
  }

  @Test
  void embedderFailureAtQueryTimeFallsBackToKeywords() {
    CountingEmbedder embedder = new CountingEmbedder();
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(embedder));
    index.sync(List.of(RecallFixtures.doc("a", "deploy checklist"), RecallFixtures.doc("b", "kitten")));
    embedder.failQueries = true;

    assertThat(index.search("deploy", 10, 60)).extracting(Candidate::id).containsExactly("a");
  }

  @Test
  void aQueryInAScriptTheModelDoesNotReadIsSearchedAndFlooredByItsWordsAlone() {
    CountingEmbedder model = new CountingEmbedder();
    Embedder readsNoKorean = new Embedder() {
      @Override
      public float[] embed(String text) {
        return model.embed(text);
      }

      @Override
      public int dimension() {
        return model.dimension();
      }

      @Override
      public boolean reads(Script script) {
        return script != Script.HANGUL;
      }
    };
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(readsNoKorean));
    index.sync(List.of(RecallFixtures.doc("pets", "a kitten sleeps"), RecallFixtures.doc("work", "배포 체크리스트")));
    model.embedded.clear();
    RecallSettings settings = EngramSettings.DEFAULTS.recall();

    List<Candidate> korean = index.search("고양이 cat 배포", 10, 60);

    assertThat(index.readable("고양이 cat 배포")).isFalse();
    assertThat(korean).extracting(Candidate::id).containsExactly("work");
    assertThat(korean.get(0).vectorRank()).isEmpty();
    assertThat(index.vectorFloor("고양이 cat 배포", settings)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(index.anchorCosine("고양이 cat 배포")).isEmpty();
    assertThat(model.embedded).isEmpty();
    assertThat(index.readable("cat")).isTrue();
    assertThat(index.search("cat", 10, 60)).extracting(Candidate::id).first().isEqualTo("pets");
  }

  @Test
  void duplicateIdsAreRejected() {
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.empty());
    assertThatThrownBy(() -> index.sync(List.of(RecallFixtures.doc("a", "x"), RecallFixtures.doc("a", "y"))))
        .hasMessageContaining("a");
  }

  @Test
  void scoreFusionKeepsHowFarApartScoresAreWhereRankFusionOnlySeesOrder() {
    // BM25 barely prefers a over b; the vectors strongly prefer b. RRF with a small vector weight follows
    // the ranks (a first); score fusion sees b's large cosine margin and puts b first.
    List<SearchIndex.Hit> keyword = List.of(new SearchIndex.Hit("a", 10.0), new SearchIndex.Hit("b", 9.9),
        new SearchIndex.Hit("c", 1.0));
    List<SearchIndex.Hit> vector = List.of(new SearchIndex.Hit("b", 0.9), new SearchIndex.Hit("a", 0.1),
        new SearchIndex.Hit("d", 0.05));
    assertThat(RankFusion.reciprocalRanks(keyword, vector, 60, 0.25)).extracting(Candidate::id).first().isEqualTo("a");
    List<Candidate> fused = RankFusion.scores(keyword, vector, 0.4);
    assertThat(fused).extracting(Candidate::id).containsExactly("b", "a", "c", "d");
    assertThat(fused.get(0).fused()).isCloseTo(0.6 * (9.9 / 10.0) + 0.4, Offset.offset(1e-9));
    assertThat(fused.get(2).fused()).isCloseTo(0.6 * (1.0 / 10.0), Offset.offset(1e-9));
    assertThat(fused.get(3).fused()).isZero(); // the lowest vector hit, absent from BM25
    assertThat(fused.get(0).retrievalReason()).isEqualTo("bm25 #2 + vector #1");
  }

  @Test
  void aDocumentTheKeywordsCouldNotReachCountsItsVectorScoreInTheirShare() {
    List<SearchIndex.Hit> keyword = List.of(new SearchIndex.Hit("a", 4.0));
    List<SearchIndex.Hit> vector = List.of(new SearchIndex.Hit("b", 0.9), new SearchIndex.Hit("c", 0.5),
        new SearchIndex.Hit("a", 0.1));
    Set<String> blind = Set.of("b", "c");

    List<Candidate> scores = RankFusion.scores(keyword, vector, 0.4, blind);
    List<Candidate> ranks = RankFusion.reciprocalRanks(keyword, vector, 60, 0.25, blind);

    assertThat(scores).extracting(Candidate::id).containsExactly("b", "a", "c");
    assertThat(scores.get(0).fused()).isCloseTo(1.0, Offset.offset(1e-9));
    assertThat(scores.get(2).fused()).isCloseTo(0.5, Offset.offset(1e-9));
    assertThat(RankFusion.scores(keyword, vector, 0.4).get(1).fused()).as("not blind: the vector share alone")
        .isCloseTo(0.4, Offset.offset(1e-9));
    assertThat(ranks.get(0).id()).isEqualTo("b");
    assertThat(ranks.get(0).fused()).isCloseTo(1.25 / 61, Offset.offset(1e-12));
    assertThat(ranks.stream().filter(c -> c.id().equals("a")).findFirst().orElseThrow().fused())
        .as("a document the keywords found keeps its own terms").isCloseTo(1.0 / 61 + 0.25 / 63,
            Offset.offset(1e-12));
  }

  @Test
  void scoreFusionWithoutVectorsIsTheKeywordOrder() {
    List<SearchIndex.Hit> keyword = List.of(new SearchIndex.Hit("x", 3.0), new SearchIndex.Hit("y", 2.0));
    assertThat(RankFusion.scores(keyword, List.of(), 0)).extracting(Candidate::id).containsExactly("x", "y");
    assertThatThrownBy(() -> RankFusion.scores(keyword, List.of(), 1.5)).hasMessageContaining("0..1");
  }

  @Test
  void aDocumentHoldingMoreOfTheQuestionComesBeforeOneRepeatingPartOfIt() {
    // "flaky" is rare and repeated in one document; "redis" is common. BM25 alone puts the repetition first;
    // weighted by coverage, the document that holds both words of the question comes first.
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.empty());
    index.sync(List.of(
        RecallFixtures.doc("repeats", "flaky flaky test runner output"),
        RecallFixtures.doc("both", "the flaky redis container in the integration suite"),
        RecallFixtures.doc("r1", "redis holds the session cache"),
        RecallFixtures.doc("r2", "redis runs in docker for tests"),
        RecallFixtures.doc("r3", "redis eviction policy")));
    RecallSettings without = RecallSettings.DEFAULTS.with("contextShare", 0.0)
        .with("secondPassShare", 0.0).with("dateBoost", 0.0).with("coverageWeight", 0)
        .with("rescoring", RecallSettings.Rescoring.OFF);

    List<Candidate> plain = index.search(RecallQuery.of("flaky redis"), without, RecallFixtures.NOW);
    List<Candidate> covered =
        index.search(RecallQuery.of("flaky redis"), without.with("coverageWeight", 0.9), RecallFixtures.NOW);

    assertThat(plain).extracting(Candidate::id).first().isEqualTo("repeats");
    assertThat(covered).extracting(Candidate::id).first().isEqualTo("both");
    Candidate r1 = covered.stream().filter(c -> c.id().equals("r1")).findFirst().orElseThrow();
    Candidate r1Plain = plain.stream().filter(c -> c.id().equals("r1")).findFirst().orElseThrow();
    assertThat(r1.fused()).isCloseTo(r1Plain.fused() * (0.1 + 0.9 * r1.coverage()), Offset.offset(1e-12));
  }

  // Filler memories the counting model sees as neither cats nor dogs, listed before the ones a test is about.
  private static List<RecallDocument> fillers(int n) {
    List<RecallDocument> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      docs.add(RecallFixtures.doc(String.format("filler-%03d", i), "Build step " + i + " runs the pipeline."));
    }
    return docs;
  }

  @Test
  void aMemoryStillWaitingForItsVectorIsFlooredByItsCosineComputedForTheQuery() {
    CountingEmbedder model = new CountingEmbedder();
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(model), Duration.ZERO);
    List<RecallDocument> docs = fillers(IndexSync.BATCH);
    docs.add(RecallFixtures.doc("sitter", "The puppy sitter comes on Tuesdays."));
    assertThat(index.sync(docs).unembedded()).isEqualTo(1);
    RecallSettings settings = RecallFixtures.withVectorFloor(model.name(), 0.5);

    // One word of five: under the keyword floor; the meaning (a dog) is the query's.
    RecallResult result = RecallFixtures.recaller(index, settings, Optional.empty())
        .recall("puppy walking schedule evenings later");

    assertThat(result.memories()).extracting(RecalledMemory::id).containsExactly("sitter");
    Candidate sitter = index.search(RecallQuery.of("puppy walking schedule evenings later"), settings,
        RecallFixtures.NOW).stream().filter(c -> c.id().equals("sitter")).findFirst().orElseThrow();
    assertThat(sitter.coverage()).isLessThan(settings.keywordFloor());
    assertThat(sitter.cosine()).hasValueCloseTo(1.0, Offset.offset(0.01));
  }

  @Test
  void aResidentSyncEmbedsOnlyNewContentAndLeavesWhatWaitsToTheCatchUp() {
    CountingEmbedder model = new CountingEmbedder();
    InMemorySearchIndex search = new InMemorySearchIndex();
    List<RecallDocument> docs = fillers(100);
    new RecallIndex(search, Optional.of(model), Duration.ZERO).sync(docs);
    int before = model.embedded.size();
    docs.add(RecallFixtures.doc("new-one", "A kitten joined."));

    RecallIndex resident = new RecallIndex(search, Optional.of(model), Duration.ofHours(1), true);
    RecallIndex.SyncReport report = resident.sync(docs);

    assertThat(model.embedded.subList(before, model.embedded.size())).singleElement().asString()
        .contains("A kitten joined.");
    assertThat(report.added()).isEqualTo(1);
    assertThat(report.unembedded()).isEqualTo(100 - IndexSync.BATCH);
    assertThat(resident.lackingVectors(docs)).hasSize(100 - IndexSync.BATCH);
  }

  @Test
  void vectorsMadeInTheBackgroundAreStoredOnlyForMemoriesUnchangedMeanwhile() {
    CountingEmbedder model = new CountingEmbedder();
    InMemorySearchIndex search = new InMemorySearchIndex();
    List<RecallDocument> docs = fillers(IndexSync.BATCH);
    docs.add(RecallFixtures.doc("pet-1", "The kitten sleeps."));
    docs.add(RecallFixtures.doc("pet-2", "The puppy barks."));
    RecallIndex index = new RecallIndex(search, Optional.of(model), Duration.ZERO);
    index.sync(docs);
    List<RecallDocument> lacking = index.lackingVectors(docs);
    assertThat(lacking).extracting(RecallDocument::id).containsExactly("pet-1", "pet-2");
    List<float[]> vectors = model.embedAll(lacking.stream().map(RecallDocument::searchText).toList());
    // The memory changed while its old text was being embedded; a resident recall's sync embeds the new text.
    docs.set(docs.size() - 1, RecallFixtures.doc("pet-2", "Now a kitten lives here."));
    new RecallIndex(search, Optional.of(model), Duration.ZERO, true).sync(docs);

    assertThat(index.addVectors(lacking, vectors)).isEqualTo(1);

    assertThat(index.lackingVectors(docs)).isEmpty();
    assertThat(search.vectorSearch(new float[] {0, 1, 0}, 1)).singleElement()
        .satisfies(h -> assertThat(h.score()).isLessThan(0.5)); // no dog's vector was stored for the old text
  }
}
