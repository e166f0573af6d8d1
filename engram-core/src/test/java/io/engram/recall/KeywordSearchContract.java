package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keyword half of the {@link SearchIndex} contract: BM25 ranking and the text every index must find.
 * Implementations run it through {@link SearchIndexContract}, which adds vectors, writes and persistence.
 *
 * <p>The cases hold for any BM25 with field weights and an English stemmer: they compare documents that
 * differ in one respect only, never absolute scores. Two indexes may tokenize differently (Lucene's
 * Porter stemmer against the in-core light stemmer, Lucene indexing emoji), so a case only uses words
 * and scripts both analyse alike.
 */
public abstract class KeywordSearchContract {
  @TempDir protected Path temp;
  private SearchIndex index;

  /**
   * Opens the index kept in {@code dir} (which may not exist yet): empty the first time; later, an index
   * on disk holds what it committed there and one in memory starts empty again.
   */
  protected abstract SearchIndex open(Path dir);

  @BeforeEach
  final void openEmptyIndex() {
    index = open(indexDirectory());
  }

  @AfterEach
  final void closeIndex() {
    index.close();
  }

  /** The index under test. */
  protected final SearchIndex index() {
    return index;
  }

  /** Closes the index under test and opens its directory again. */
  protected final SearchIndex reopen() {
    index.close();
    index = open(indexDirectory());
    return index;
  }

  private Path indexDirectory() {
    return temp.resolve("index");
  }

  /** An entry without a vector whose content hash is {@code h-<id>}. */
  protected static SearchIndex.Entry entry(String id, String name, String description, String body) {
    return new SearchIndex.Entry(id, "h-" + id, name, description, body, Optional.empty());
  }

  /** An entry without a description or a vector. */
  protected static SearchIndex.Entry entry(String id, String name, String body) {
    return entry(id, name, "", body);
  }

  /** The ids of {@code hits}, in their order. */
  protected static List<String> ids(List<SearchIndex.Hit> hits) {
    return hits.stream().map(SearchIndex.Hit::id).toList();
  }

  @Test
  void bm25RanksTheDocumentWithTheRareTermFirst() {
    index().upsert(entry("a", "build", "the build uses maven and the tests run on every push"));
    index().upsert(entry("b", "tests", "integration tests need redis running on port 6379"));
    index().upsert(entry("c", "style", "tests should be named for behaviour"));

    List<SearchIndex.Hit> hits = index().keywordSearch("redis tests", 10);

    assertThat(hits).extracting(SearchIndex.Hit::id).first().isEqualTo("b");
    assertThat(hits).extracting(SearchIndex.Hit::id).containsExactlyInAnyOrder("a", "b", "c");
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void shorterDocumentWinsAtEqualTermFrequency() {
    index().upsert(entry("long", "x", "deploy " + "filler words here and there ".repeat(20)));
    index().upsert(entry("short", "y", "deploy now"));
    index().upsert(entry("other", "z", "nothing relevant"));

    assertThat(ids(index().keywordSearch("deploy", 5))).containsExactly("short", "long");
  }

  @Test
  void moreOccurrencesOfATermRankHigherAtEqualLength() {
    index().upsert(entry("once", "x", "kafka topic partition broker"));
    index().upsert(entry("thrice", "y", "kafka kafka kafka broker"));

    assertThat(ids(index().keywordSearch("kafka", 5))).containsExactly("thrice", "once");
  }

  @Test
  void aDocumentMatchingMoreQueryTermsRanksFirst() {
    index().upsert(entry("one", "x", "redis cache warmup script"));
    index().upsert(entry("both", "y", "redis port number script"));
    index().upsert(entry("none", "z", "grafana dashboard link here"));

    assertThat(ids(index().keywordSearch("redis port", 5))).containsExactly("both", "one");
  }

  @Test
  void stemmingMatchesInflectedForms() {
    index().upsert(entry("a", "x", "the migrations failed twice"));
    index().upsert(entry("b", "y", "unrelated text"));

    assertThat(ids(index().keywordSearch("migration failing", 5))).containsExactly("a");
  }

  @Test
  void bm25FindsStemmedTermsAndWeightsTheName() {
    index().upsert(entry("body", "misc", "", "we deployed the pipeline twice"));
    index().upsert(entry("name", "deploying", "", "see the wiki"));
    index().upsert(entry("none", "lunch", "", "pizza on friday"));

    List<SearchIndex.Hit> hits = index().keywordSearch("deploy", 10);

    assertThat(ids(hits)).containsExactly("name", "body");
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void theDescriptionWeighsMoreThanTheBody() {
    // Both documents fill every field: Lucene keeps statistics per field, so a field most documents leave
    // empty would change the weights.
    index().upsert(entry("in-body", "note", "monitoring link", "grafana dashboard"));
    index().upsert(entry("in-description", "note", "grafana link", "monitoring dashboard"));

    List<SearchIndex.Hit> hits = index().keywordSearch("grafana", 5);

    assertThat(ids(hits)).containsExactly("in-description", "in-body");
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void theNameWeighsMostOfTheThreeFields() {
    index().upsert(entry("in-description", "note", "grafana", "dashboard"));
    index().upsert(entry("in-name", "grafana", "note", "dashboard"));

    List<SearchIndex.Hit> hits = index().keywordSearch("grafana", 5);

    assertThat(ids(hits)).containsExactly("in-name", "in-description");
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void searchIgnoresCase() {
    index().upsert(entry("a", "Redis", "Start REDIS-SERVER before the Integration Tests"));

    assertThat(ids(index().keywordSearch("redis integration", 5))).containsExactly("a");
    assertThat(ids(index().keywordSearch("REDIS", 5))).containsExactly("a");
  }

  @Test
  void queryWithOnlyStopWordsOrSyntaxFindsNothingAndDoesNotThrow() {
    index().upsert(entry("a", "x", "", "anything"));

    assertThat(index().keywordSearch("the and of", 5)).isEmpty();
    assertThat(index().keywordSearch("title:(\"unclosed AND OR *", 5)).isEmpty();
    assertThat(index().keywordSearch("", 5)).isEmpty();
    assertThat(index().keywordSearch("  \n\t ", 5)).isEmpty();
    assertThat(index().keywordSearch("?!… —", 5)).isEmpty();
  }

  @Test
  void theLimitKeepsTheBestHitsBestFirst() {
    for (int i = 1; i <= 12; i++) {
      index().upsert(entry("d" + i, "doc " + i, "pnpm " + "filler ".repeat(i)));
    }

    List<SearchIndex.Hit> all = index().keywordSearch("pnpm", 20);
    List<SearchIndex.Hit> top = index().keywordSearch("pnpm", 3);

    assertThat(all).hasSize(12);
    assertThat(all).extracting(SearchIndex.Hit::score)
        .allSatisfy(score -> assertThat(score).isPositive())
        .isSortedAccordingTo(java.util.Comparator.reverseOrder());
    assertThat(ids(all)).doesNotHaveDuplicates().startsWith("d1", "d2", "d3");
    assertThat(ids(top)).containsExactly("d1", "d2", "d3");
    assertThat(index().keywordSearch("pnpm", 0)).isEmpty();
  }

  @Test
  void chineseTextIsSearchedByBigrams() {
    index().upsert(entry("a", "x", "测试需要数据库连接"));
    index().upsert(entry("b", "y", "部署在周五进行"));

    assertThat(ids(index().keywordSearch("数据库", 5))).containsExactly("a");
  }

  @Test
  void japaneseAndKoreanTextIsSearchedByBigrams() {
    index().upsert(entry("ja", "x", "デプロイは金曜日に行います"));
    index().upsert(entry("ko", "y", "배포는 금요일에 합니다"));
    index().upsert(entry("zh", "z", "部署在周五进行"));

    assertThat(ids(index().keywordSearch("金曜日", 5))).containsExactly("ja");
    assertThat(ids(index().keywordSearch("デプロイ", 5))).containsExactly("ja");
    assertThat(ids(index().keywordSearch("금요일", 5))).containsExactly("ko");
  }

  @Test
  void accentedGreekAndCyrillicWordsMatchThemselvesInAnyCase() {
    index().upsert(entry("fr", "x", "Le café crème du matin"));
    index().upsert(entry("ru", "y", "Сервер перезапускается ночью"));
    index().upsert(entry("el", "z", "Ο διακομιστής αργεί"));

    assertThat(ids(index().keywordSearch("CAFÉ", 5))).containsExactly("fr");
    assertThat(ids(index().keywordSearch("СЕРВЕР", 5))).containsExactly("ru");
    // Capitalised, not all capitals: Lucene lower-cases letter by letter, so a final capital sigma would
    // become σ, not the ς the text has.
    assertThat(ids(index().keywordSearch("Διακομιστής", 5))).containsExactly("el");
  }

  @Test
  void mixedScriptsAndEmojiDoNotHideTheWordsAroundThem() {
    index().upsert(entry("mixed", "x", "数据库connection pool 🚀 deploys on Friday"));
    index().upsert(entry("other", "y", "nothing to see"));

    assertThat(ids(index().keywordSearch("connection", 5))).containsExactly("mixed");
    assertThat(ids(index().keywordSearch("数据库", 5))).containsExactly("mixed");
    assertThat(ids(index().keywordSearch("friday", 5))).containsExactly("mixed");
    assertThat(index().keywordSearch("🚀🎉", 5)).extracting(SearchIndex.Hit::id).isSubsetOf("mixed");
  }
}
