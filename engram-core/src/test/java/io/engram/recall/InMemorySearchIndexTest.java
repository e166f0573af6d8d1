package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemorySearchIndexTest {

  private static SearchIndex.Entry entry(String id, String name, String body) {
    return new SearchIndex.Entry(id, "h-" + id, name, "", body, Optional.empty());
  }

  @Test
  void bm25RanksTheDocumentWithTheRareTermFirst() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(entry("a", "build", "the build uses maven and the tests run on every push"));
    index.upsert(entry("b", "tests", "integration tests need redis running on port 6379"));
    index.upsert(entry("c", "style", "tests should be named for behaviour"));

    List<SearchIndex.Hit> hits = index.keywordSearch("redis tests", 10);

    assertThat(hits).extracting(SearchIndex.Hit::id).first().isEqualTo("b");
    assertThat(hits).extracting(SearchIndex.Hit::id).containsExactlyInAnyOrder("a", "b", "c");
    assertThat(hits.get(0).score()).isGreaterThan(hits.get(1).score());
  }

  @Test
  void shorterDocumentWinsAtEqualTermFrequency() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(entry("long", "x", "deploy " + "filler words here and there ".repeat(20)));
    index.upsert(entry("short", "y", "deploy now"));
    index.upsert(entry("other", "z", "nothing relevant"));

    assertThat(index.keywordSearch("deploy", 5)).extracting(SearchIndex.Hit::id).containsExactly("short", "long");
  }

  @Test
  void stemmingMatchesInflectedForms() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(entry("a", "x", "the migrations failed twice"));
    index.upsert(entry("b", "y", "unrelated text"));

    assertThat(index.keywordSearch("migration failing", 5)).extracting(SearchIndex.Hit::id).containsExactly("a");
  }

  @Test
  void chineseTextIsSearchedByBigrams() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(entry("a", "x", "测试需要数据库连接"));
    index.upsert(entry("b", "y", "部署在周五进行"));

    assertThat(index.keywordSearch("数据库", 5)).extracting(SearchIndex.Hit::id).containsExactly("a");
  }

  @Test
  void removedAndReplacedDocumentsLeaveNoTrace() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(entry("a", "x", "kafka consumer lag"));
    index.upsert(new SearchIndex.Entry("a", "h2", "x", "", "postgres vacuum", Optional.empty()));
    index.upsert(entry("b", "y", "kafka topics"));
    index.remove("b");

    assertThat(index.keywordSearch("kafka", 5)).isEmpty();
    assertThat(index.keywordSearch("vacuum", 5)).extracting(SearchIndex.Hit::id).containsExactly("a");
    assertThat(index.contentHashes()).containsOnlyKeys("a").containsEntry("a", "h2");
  }

  @Test
  void vectorSearchRanksByCosine() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    index.upsert(new SearchIndex.Entry("near", "h", "n", "", "", Optional.of(new float[] {1, 0.1f, 0})));
    index.upsert(new SearchIndex.Entry("far", "h", "f", "", "", Optional.of(new float[] {0, 0, 1})));
    index.upsert(new SearchIndex.Entry("mid", "h", "m", "", "", Optional.of(new float[] {1, 1, 0})));

    List<SearchIndex.Hit> hits = index.vectorSearch(new float[] {2, 0, 0}, 3);

    assertThat(hits).extracting(SearchIndex.Hit::id).containsExactly("near", "mid", "far");
    assertThat(hits.get(2).score()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-6));
  }
}
