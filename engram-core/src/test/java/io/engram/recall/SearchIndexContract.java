package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The behaviour every {@link SearchIndex} must have, run by each implementation's test (LangChain4j's
 * {@code EmbeddingStoreIT} pattern): a test extends this class and says how to {@link #open} its index.
 * {@link KeywordSearchContract} holds the BM25 half; this class adds vectors, writes, ids, size and,
 * where {@link #persists()}, what survives reopening.
 *
 * <p>Vector search may be approximate (Lucene's HNSW graph) or exact (the in-core index). What both
 * guarantee: every score is the true cosine of the document it names, hits come best first, a stored
 * vector asked for again is found first, and on a larger set at least {@link #MIN_NEIGHBOURS_FOUND} of
 * the exact ten nearest are among the ten returned. Ties may come in any order.
 *
 * <p>Other modules' tests get this class from engram-core's test-jar.
 */
public abstract class SearchIndexContract extends KeywordSearchContract {
  /** How many of the exact ten nearest neighbours an approximate index may not miss. */
  protected static final int MIN_NEIGHBOURS_FOUND = 9;
  private static final Offset<Double> COSINE = Offset.offset(1e-4);
  /** The common words of {@link #manyDocumentsAreSearchedAndRemovedLikeAFew}. */
  private static final List<String> VOCABULARY =
      IntStream.range(0, 300).mapToObj(i -> "word" + (char) ('a' + i % 26) + (i / 26)).toList();

  /** Whether committed writes survive closing the index and opening its directory again. */
  protected boolean persists() {
    return false;
  }

  private static SearchIndex.Entry vectorEntry(String id, String body, float... vector) {
    return new SearchIndex.Entry(id, "h-" + id, id, "", body, Optional.of(vector));
  }

  /** A unit vector {@code 7.5 * i} degrees from the x axis: distinct and never orthogonal for i below 12. */
  private static float[] direction(int i) {
    double angle = Math.toRadians(7.5 * i);
    return new float[] {(float) Math.cos(angle), (float) Math.sin(angle)};
  }

  @Test
  void coverageWeighsWhatAQuestionIsAboutNotHowItIsAsked() {
    index().upsert(entry("deploy-window", "When deploys may happen", "Deploys happen on Tuesdays after the standup."));
    index().upsert(entry("build", "The Gradle build", "The build runs on Gradle with the configuration cache."));

    Map<String, Double> asked = index().keywordCoverage("when can we deploy?", List.of("deploy-window", "build"));
    Map<String, Double> lombok = index().keywordCoverage("can I add lombok to the build?", List.of("build"));

    assertThat(asked.get("deploy-window")).isGreaterThan(0.9);
    assertThat(asked.get("build")).isZero();
    assertThat(lombok.get("build")).isGreaterThan(0).isLessThan(0.5);
    assertThat(index().keywordCoverage("what is it?", List.of("build")).get("build")).isZero();
  }

  @Test
  void aChineseQuestionCoversAMemoryByWhatItAsksNotByItsQuestionWordsOrParticles() {
    index().upsert(entry("charset", "建表字符集", "建表一律用 utf8mb4，备注里的表情符号才存得下。"));
    index().upsert(entry("what-is-it", "问题记录", "什么时候都先查日志，这是我们的习惯。"));

    Map<String, Double> asked = index().keywordCoverage("我们的建表字符集该用什么？", List.of("charset", "what-is-it"));

    assertThat(asked.get("charset")).isGreaterThan(0.6);
    assertThat(asked.get("what-is-it")).isZero();
  }

  @Test
  void anEmptyIndexFindsNothingAndIgnoresRemovalsAndCommits() {
    index().remove("never-indexed");
    index().commit();

    assertThat(index().keywordSearch("anything at all", 10)).isEmpty();
    assertThat(index().vectorSearch(new float[] {1, 0, 0}, 10)).isEmpty();
    assertThat(index().contentHashes()).isEmpty();
  }

  @Test
  void writesAreVisibleToTheNextSearchWithoutACommit() {
    assertThat(index().keywordSearch("kafka", 5)).isEmpty();
    index().upsert(entry("a", "x", "kafka consumer lag"));
    assertThat(ids(index().keywordSearch("kafka", 5))).containsExactly("a");
    index().remove("a");
    assertThat(index().keywordSearch("kafka", 5)).isEmpty();
    index().remove("a");
    assertThat(index().contentHashes()).isEmpty();
  }

  @Test
  void removedAndReplacedDocumentsLeaveNoTrace() {
    index().upsert(entry("a", "x", "kafka consumer lag"));
    index().upsert(new SearchIndex.Entry("a", "h2", "x", "", "postgres vacuum", Optional.empty()));
    index().upsert(entry("b", "y", "kafka topics"));
    index().remove("b");

    assertThat(index().keywordSearch("kafka", 5)).isEmpty();
    assertThat(ids(index().keywordSearch("vacuum", 5))).containsExactly("a");
    assertThat(index().contentHashes()).containsOnlyKeys("a").containsEntry("a", "h2");
  }

  @Test
  void upsertingTheSameIdAgainKeepsOneDocument() {
    for (int i = 0; i < 3; i++) {
      index().upsert(vectorEntry("same", "redis port", 1, 0));
    }

    assertThat(ids(index().keywordSearch("redis", 5))).containsExactly("same");
    assertThat(ids(index().vectorSearch(new float[] {1, 0}, 5))).containsExactly("same");
    assertThat(index().contentHashes()).containsExactly(Map.entry("same", "h-same"));
  }

  @Test
  void contentHashesAreASnapshotOfEveryIndexedId() {
    index().upsert(entry("a", "x", "one"));
    index().upsert(entry("b", "y", "two"));
    Map<String, String> before = index().contentHashes();
    index().upsert(new SearchIndex.Entry("a", "changed", "x", "", "one", Optional.empty()));
    index().remove("b");

    assertThat(before).isEqualTo(Map.of("a", "h-a", "b", "h-b"));
    assertThat(index().contentHashes()).isEqualTo(Map.of("a", "changed"));
  }

  @Test
  void idsWithOddCharactersAreKeptExactly() {
    List<String> odd = List.of("notes/2026-05 deploy.md", "C:\\Users\\me\\memo.md", "quote\"s and 'apostrophes'",
        "AND OR NOT * ? ~ : ( ) [ ]", "数据库.md", "emoji 🚀.md", "  padded  ", "line\nbreak", "%2F%00-encoded",
        "Deploy.md", "deploy.md", "deploy.md.bak");
    String[] words = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
        "kilo", "lima"};
    for (int i = 0; i < odd.size(); i++) {
      index().upsert(new SearchIndex.Entry(odd.get(i), "h" + i, "memo", "", words[i], Optional.of(direction(i))));
    }

    assertThat(index().contentHashes()).containsOnlyKeys(odd);
    // Asking for every document makes even a graph search (HNSW) visit them all.
    for (int i = 0; i < odd.size(); i++) {
      assertThat(ids(index().keywordSearch(words[i], 5))).containsExactly(odd.get(i));
      assertThat(index().vectorSearch(direction(i), odd.size())).first().extracting(SearchIndex.Hit::id)
          .isEqualTo(odd.get(i));
    }
    index().remove("deploy.md");
    assertThat(index().contentHashes()).containsKeys("Deploy.md", "deploy.md.bak").doesNotContainKey("deploy.md");
    odd.forEach(index()::remove);
    assertThat(index().contentHashes()).isEmpty();
  }

  @Test
  void aQueryWithThousandsOfDistinctWordsIsAnswered() {
    index().upsert(entry("a", "x", "word17 and word1999"));
    // Lucene refuses boolean queries of more than 1024 clauses; the index must cope, not throw.
    String query = IntStream.range(0, 3_000).mapToObj(i -> "word" + i).collect(Collectors.joining(" "));

    assertThat(ids(index().keywordSearch(query, 5))).containsExactly("a");
  }

  @Test
  void vectorSearchRanksByCosine() {
    index().upsert(new SearchIndex.Entry("near", "h", "n", "", "", Optional.of(new float[] {1, 0.1f, 0})));
    index().upsert(new SearchIndex.Entry("far", "h", "f", "", "", Optional.of(new float[] {0, 0, 1})));
    index().upsert(new SearchIndex.Entry("mid", "h", "m", "", "", Optional.of(new float[] {1, 1, 0})));

    List<SearchIndex.Hit> hits = index().vectorSearch(new float[] {2, 0, 0}, 3);

    assertThat(hits).extracting(SearchIndex.Hit::id).containsExactly("near", "mid", "far");
    assertThat(hits.get(2).score()).isCloseTo(0.0, Offset.offset(1e-6));
  }

  @Test
  void vectorSearchReturnsCosineScores() {
    index().upsert(new SearchIndex.Entry("x", "h", "x", "", "", Optional.of(new float[] {1, 0, 0})));
    index().upsert(new SearchIndex.Entry("y", "h", "y", "", "", Optional.of(new float[] {0, 1, 0})));

    List<SearchIndex.Hit> hits = index().vectorSearch(new float[] {1, 0.2f, 0}, 2);

    assertThat(ids(hits)).containsExactly("x", "y");
    assertThat(hits.get(0).score()).isCloseTo(1 / Math.sqrt(1.04), COSINE);
  }

  @Test
  void vectorScoresRunFromMinusOneToOneWhateverTheLengths() {
    index().upsert(vectorEntry("same", "", 3, 4));
    index().upsert(vectorEntry("square", "", -4, 3));
    index().upsert(vectorEntry("opposite", "", -0.3f, -0.4f));

    List<SearchIndex.Hit> hits = index().vectorSearch(new float[] {30, 40}, 3);

    assertThat(ids(hits)).containsExactly("same", "square", "opposite");
    assertThat(hits).extracting(SearchIndex.Hit::score)
        .satisfiesExactly(s -> assertThat(s).isCloseTo(1.0, COSINE), s -> assertThat(s).isCloseTo(0.0, COSINE),
            s -> assertThat(s).isCloseTo(-1.0, COSINE));
  }

  @Test
  void theVectorLimitKeepsTheNearest() {
    index().upsert(vectorEntry("a", "", 1, 0));
    index().upsert(vectorEntry("b", "", 1, 1));
    index().upsert(vectorEntry("c", "", 0, 1));

    assertThat(ids(index().vectorSearch(new float[] {1, 0.1f}, 2))).containsExactly("a", "b");
    assertThat(index().vectorSearch(new float[] {1, 0.1f}, 0)).isEmpty();
  }

  @Test
  void documentsWithoutAVectorAreFoundByKeywordsOnly() {
    index().upsert(entry("text-only", "redis", "redis on port 6379"));
    index().upsert(vectorEntry("both", "redis cluster", 1, 0, 0));

    assertThat(ids(index().keywordSearch("redis", 5))).containsExactlyInAnyOrder("text-only", "both");
    assertThat(ids(index().vectorSearch(new float[] {0, 1, 0}, 5))).containsExactly("both");
  }

  @Test
  void aReplacedVectorIsSearchedByItsNewValueAndADroppedOneNotAtAll() {
    index().upsert(vectorEntry("moves", "first text", 1, 0));
    index().upsert(vectorEntry("drops", "kept words", 1, 0.1f));
    index().upsert(vectorEntry("stays", "", 0, 1));
    index().upsert(vectorEntry("moves", "second text", 0, 1));
    index().upsert(entry("drops", "drops", "kept words"));

    List<SearchIndex.Hit> hits = index().vectorSearch(new float[] {0, 1}, 5);

    assertThat(ids(hits)).containsExactlyInAnyOrder("moves", "stays");
    assertThat(hits).allSatisfy(h -> assertThat(h.score()).isCloseTo(1.0, COSINE));
    assertThat(ids(index().keywordSearch("kept", 5))).containsExactly("drops");
    assertThat(index().keywordSearch("first", 5)).isEmpty();
  }

  @Test
  void aQueryVectorOfAnotherDimensionIsRefused() {
    index().upsert(vectorEntry("a", "", 1, 0, 0));

    assertThatIllegalArgumentException().isThrownBy(() -> index().vectorSearch(new float[] {1, 0}, 5));
  }

  @Test
  void manyDocumentsAreSearchedAndRemovedLikeAFew() {
    int n = 1_000;
    List<float[]> vectors = indexManyDocuments(n, new Random(42));

    assertThat(index().contentHashes()).hasSize(n);
    assertThat(ids(index().keywordSearch("marker734", 5))).containsExactly("doc-734");
    List<SearchIndex.Hit> common = index().keywordSearch(VOCABULARY.get(7) + " " + VOCABULARY.get(8), 25);
    assertThat(common).hasSize(25).extracting(SearchIndex.Hit::score).isSortedAccordingTo(Comparator.reverseOrder());
    assertThat(ids(common)).doesNotHaveDuplicates();
    for (int probe : new int[] {0, 377, 999}) {
      assertNearestNeighboursOf(probe, vectors);
    }

    for (int i = 0; i < n; i += 2) {
      index().remove("doc-" + i);
    }
    assertThat(index().contentHashes()).hasSize(n / 2);
    assertThat(index().keywordSearch("marker734", 5)).isEmpty();
    assertThat(ids(index().keywordSearch("marker735", 5))).containsExactly("doc-735");
    assertThat(index().vectorSearch(vectors.get(378), 10)).hasSize(10)
        .allSatisfy(h -> assertThat(number(h) % 2).as("a removed document: %s", h.id()).isOne());
  }

  /** Indexes {@code doc-0..n-1}: a unique marker word, 20 common words, a random 16-dimensional vector. */
  private List<float[]> indexManyDocuments(int n, Random random) {
    List<float[]> vectors = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder body = new StringBuilder("marker" + i);
      for (int w = 0; w < 20; w++) {
        body.append(' ').append(VOCABULARY.get(random.nextInt(VOCABULARY.size())));
      }
      float[] v = new float[16];
      for (int d = 0; d < v.length; d++) {
        v[d] = (float) random.nextGaussian();
      }
      vectors.add(v);
      index().upsert(new SearchIndex.Entry("doc-" + i, "h" + i, "doc " + i, "", body.toString(), Optional.of(v)));
    }
    return vectors;
  }

  /** The ten hits for a stored vector: itself first, true cosines best first, nearly all of the exact ten. */
  private void assertNearestNeighboursOf(int probe, List<float[]> vectors) {
    float[] query = vectors.get(probe);
    List<SearchIndex.Hit> near = index().vectorSearch(query, 10);

    assertThat(near).hasSize(10).first().satisfies(h -> {
      assertThat(h.id()).isEqualTo("doc-" + probe);
      assertThat(h.score()).isCloseTo(1.0, COSINE);
    });
    assertThat(near).extracting(SearchIndex.Hit::score).isSortedAccordingTo(Comparator.reverseOrder());
    assertThat(near).allSatisfy(
        h -> assertThat(h.score()).isCloseTo(Vectors.cosine(query, vectors.get(number(h))), COSINE));
    List<String> exact = IntStream.range(0, vectors.size()).boxed()
        .sorted(Comparator.comparingDouble((Integer i) -> -Vectors.cosine(query, vectors.get(i))))
        .limit(10).map(i -> "doc-" + i).toList();
    assertThat(ids(near)).filteredOn(exact::contains).hasSizeGreaterThanOrEqualTo(MIN_NEIGHBOURS_FOUND);
  }

  private static int number(SearchIndex.Hit hit) {
    return Integer.parseInt(hit.id().substring("doc-".length()));
  }

  @Test
  @EnabledIf("persists")
  void committedWritesSurviveReopening() {
    index().upsert(vectorEntry("cat", "the cat sleeps", 1, 0, 0));
    index().upsert(vectorEntry("dog", "the dog barks", 0, 1, 0));
    index().upsert(vectorEntry("gone", "soon removed", 0, 0, 1));
    index().remove("gone");
    index().commit();
    Map<String, String> hashes = index().contentHashes();
    List<SearchIndex.Hit> keyword = index().keywordSearch("dog barks", 5);

    SearchIndex reopened = reopen();

    assertThat(reopened.contentHashes()).isEqualTo(hashes).containsOnlyKeys("cat", "dog");
    // The same hits in the same order; not the same scores: BM25's statistics count a removed entry until its segment
    // is merged away, and when a merge runs (before or after the reopening) is the index's own affair.
    assertThat(ids(reopened.keywordSearch("dog barks", 5))).isEqualTo(ids(keyword)).containsExactly("dog");
    assertThat(reopened.keywordSearch("removed", 5)).isEmpty();
    List<SearchIndex.Hit> near = reopened.vectorSearch(new float[] {0.1f, 1, 0}, 5);
    assertThat(ids(near)).containsExactly("dog", "cat");
    assertThat(near.get(0).score()).isCloseTo(1 / Math.sqrt(1.01), COSINE);
  }

  @Test
  @EnabledIf("persists")
  void aReopenedIndexReplacesAndRemovesWhatItLoaded() {
    index().upsert(entry("a", "x", "postgres vacuum"));
    index().upsert(entry("b", "y", "kafka topics"));
    index().commit();

    reopen().upsert(new SearchIndex.Entry("a", "h2", "x", "", "postgres reindex", Optional.empty()));
    index().remove("b");
    index().commit();
    SearchIndex again = reopen();

    assertThat(again.contentHashes()).isEqualTo(Map.of("a", "h2"));
    assertThat(ids(again.keywordSearch("postgres", 5))).containsExactly("a");
    assertThat(again.keywordSearch("vacuum kafka", 5)).isEmpty();
  }
}
