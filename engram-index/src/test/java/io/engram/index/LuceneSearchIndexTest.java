package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.Embedder;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.SearchIndex;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneSearchIndexTest {
  private static final Instant T = Instant.parse("2026-05-01T00:00:00Z");

  /** A three-word bag-of-words embedder that records every text it embeds. */
  static final class WordEmbedder implements Embedder {
    final List<String> seen = new ArrayList<>();

    @Override
    public float[] embed(String text) {
      seen.add(text);
      String t = text.toLowerCase();
      return new float[] {t.contains("cat") ? 1 : 0, t.contains("dog") ? 1 : 0, 0.1f};
    }

    @Override
    public int dimension() {
      return 3;
    }
  }

  private static SearchIndex.Entry entry(String id, String name, String description, String body) {
    return new SearchIndex.Entry(id, "h-" + id, name, description, body, Optional.empty());
  }

  private static List<String> ids(List<SearchIndex.Hit> hits) {
    return hits.stream().map(SearchIndex.Hit::id).toList();
  }

  @Test
  void bm25FindsStemmedTermsAndWeightsTheName() {
    try (LuceneSearchIndex index = LuceneSearchIndex.inMemory()) {
      index.upsert(entry("body", "misc", "", "we deployed the pipeline twice"));
      index.upsert(entry("name", "deploying", "", "see the wiki"));
      index.upsert(entry("none", "lunch", "", "pizza on friday"));

      List<SearchIndex.Hit> hits = index.keywordSearch("deploy", 10);

      assertThat(ids(hits)).containsExactly("name", "body");
      assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
    }
  }

  @Test
  void chineseIsSearchedByBigrams() {
    try (LuceneSearchIndex index = LuceneSearchIndex.inMemory()) {
      index.upsert(entry("a", "x", "", "测试需要数据库连接"));
      index.upsert(entry("b", "y", "", "部署在周五进行"));

      assertThat(ids(index.keywordSearch("数据库", 5))).containsExactly("a");
    }
  }

  @Test
  void queryWithOnlyStopWordsOrSyntaxFindsNothingAndDoesNotThrow() {
    try (LuceneSearchIndex index = LuceneSearchIndex.inMemory()) {
      index.upsert(entry("a", "x", "", "anything"));

      assertThat(index.keywordSearch("the and of", 5)).isEmpty();
      assertThat(index.keywordSearch("title:(\"unclosed AND OR *", 5)).isEmpty();
    }
  }

  @Test
  void vectorSearchReturnsCosineScores() {
    try (LuceneSearchIndex index = LuceneSearchIndex.inMemory()) {
      index.upsert(new SearchIndex.Entry("x", "h", "x", "", "", Optional.of(new float[] {1, 0, 0})));
      index.upsert(new SearchIndex.Entry("y", "h", "y", "", "", Optional.of(new float[] {0, 1, 0})));

      List<SearchIndex.Hit> hits = index.vectorSearch(new float[] {1, 0.2f, 0}, 2);

      assertThat(ids(hits)).containsExactly("x", "y");
      assertThat(hits.get(0).score()).isCloseTo(1 / Math.sqrt(1.04), Offset.offset(1e-4));
    }
  }

  @Test
  void changedDocumentIsReindexedAndUnchangedOnesAreNot(@TempDir Path dir) {
    WordEmbedder embedder = new WordEmbedder();
    RecallDocument cat = RecallDocument.of("cat.md", "cat", "pets", "the cat sleeps", T);
    RecallDocument dog = RecallDocument.of("dog.md", "dog", "pets", "the dog barks", T);
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir)) {
      RecallIndex index = new RecallIndex(lucene, Optional.of(embedder));
      assertThat(index.sync(List.of(cat, dog))).isEqualTo(new RecallIndex.SyncReport(2, 0, 0, 0));
    }
    embedder.seen.clear();

    RecallDocument dog2 = RecallDocument.of("dog.md", "dog", "pets", "the dog now howls at night", T);
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir)) {
      assertThat(lucene.contentHashes()).isEqualTo(Map.of("cat.md", cat.contentHash(), "dog.md", dog.contentHash()));
      RecallIndex index = new RecallIndex(lucene, Optional.of(embedder));

      assertThat(index.sync(List.of(cat, dog2))).isEqualTo(new RecallIndex.SyncReport(0, 1, 0, 1));
      assertThat(embedder.seen).containsExactly(dog2.searchText());
      assertThat(ids(lucene.keywordSearch("howls", 5))).containsExactly("dog.md");
      assertThat(lucene.keywordSearch("barks", 5)).isEmpty();
      assertThat(lucene.size()).isEqualTo(2);
    }
  }

  @Test
  void removedDocumentsDisappearFromDisk(@TempDir Path dir) throws Exception {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir)) {
      RecallIndex index = new RecallIndex(lucene, Optional.empty());
      index.sync(List.of(RecallDocument.of("a", "a", "", "alpha", T), RecallDocument.of("b", "b", "", "beta", T)));
      assertThat(index.sync(List.of(RecallDocument.of("a", "a", "", "alpha", T))))
          .isEqualTo(new RecallIndex.SyncReport(0, 0, 1, 1));
      assertThat(lucene.keywordSearch("beta", 5)).isEmpty();
    }
    assertThat(LuceneSearchIndex.committedCount(dir)).isEqualTo(1);
  }
}
