package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.Embedder;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.SearchIndex;
import io.engram.recall.SearchIndexContract;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lucene index on disk meets the {@link SearchIndex} contract ({@link SearchIndexContract}, from
 * engram-core's test-jar), and re-indexes only what changed across reopenings.
 */
class LuceneSearchIndexTest extends SearchIndexContract {
  private static final Instant T = Instant.parse("2026-05-01T00:00:00Z");

  /** A three-word bag-of-words embedder that records every text it embeds. */
  static class WordEmbedder implements Embedder {
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

  @Override
  protected SearchIndex open(Path dir) {
    return LuceneSearchIndex.onDisk(dir);
  }

  @Override
  protected boolean persists() {
    return true;
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
      assertThat(lucene.contentHashes()).isEqualTo(Map.of("cat.md", cat.contentHash() + "+WordEmbedder", "dog.md",
          dog.contentHash() + "+WordEmbedder"));
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

  /** The same words as {@link WordEmbedder}, under another model's name. */
  static final class OtherModel extends WordEmbedder {
    @Override
    public String name() {
      return "other-model";
    }
  }

  @Test
  void anIndexEmbeddedByAnotherModelIsReEmbeddedWhole(@TempDir Path dir) {
    RecallDocument cat = RecallDocument.of("cat.md", "cat", "pets", "the cat sleeps", T);
    RecallDocument dog = RecallDocument.of("dog.md", "dog", "pets", "the dog barks", T);
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir)) {
      new RecallIndex(lucene, Optional.of(new WordEmbedder())).sync(List.of(cat, dog));
    }
    OtherModel other = new OtherModel();

    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir)) {
      RecallIndex index = new RecallIndex(lucene, Optional.of(other));

      assertThat(index.sync(List.of(cat, dog)).updated()).isEqualTo(2);
      assertThat(other.seen).containsExactlyInAnyOrder(cat.searchText(), dog.searchText());
      assertThat(lucene.contentHashes().values()).allMatch(h -> h.endsWith("+other-model"));
    }
  }

  @Test
  void belowTheCutOverVectorSearchReturnsTheTrueNeighbours() {
    java.util.Random random = new java.util.Random(7);
    List<float[]> vectors = new ArrayList<>();
    // A graph built and searched as cheaply as Lucene allows finds a share of the neighbours; exact finds all.
    LuceneSearchIndex.VectorSearch crude = new LuceneSearchIndex.VectorSearch(10_000, 2, 1, 1);
    try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory(crude)) {
      for (int i = 0; i < 2_000; i++) {
        float[] v = new float[32];
        for (int j = 0; j < v.length; j++) {
          v[j] = (float) random.nextGaussian();
        }
        vectors.add(v);
        lucene.upsert(new SearchIndex.Entry("v" + i, "h" + i, "v" + i, "", "", Optional.of(v)));
      }
      lucene.commit();
      for (int q = 0; q < 20; q++) {
        float[] query = vectors.get(random.nextInt(vectors.size())).clone();
        query[0] += 0.5f;
        List<String> truth = trueNeighbours(vectors, query, 10);

        assertThat(ids(lucene.vectorSearch(query, 10))).containsExactlyElementsOf(truth);
      }
    }
  }

  @Test
  void exactSearchStaysTrueWhenVectorsAreReplacedAndRemovedBetweenSearches() {
    java.util.Random random = new java.util.Random(11);
    java.util.Map<String, float[]> live = new java.util.LinkedHashMap<>();
    try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory()) {
      for (int round = 0; round < 3; round++) {
        // Lengths kept from earlier searches must still match the vectors a segment holds after changes.
        for (int i = 0; i < 300; i++) {
          String id = "v" + random.nextInt(400);
          if (random.nextInt(5) == 0) {
            lucene.remove(id);
            live.remove(id);
          } else {
            float[] v = new float[16];
            for (int j = 0; j < v.length; j++) {
              v[j] = (float) (random.nextGaussian() * (1 + random.nextInt(4)));
            }
            lucene.upsert(new SearchIndex.Entry(id, "h", id, "", "", Optional.of(v)));
            live.put(id, v);
          }
        }
        lucene.commit();
        List<String> ids = new ArrayList<>(live.keySet());
        List<float[]> vectors = ids.stream().map(live::get).toList();
        for (int q = 0; q < 5; q++) {
          float[] query = vectors.get(random.nextInt(vectors.size())).clone();
          query[1] += 0.3f;
          List<String> truth = trueNeighbours(vectors, query, 10).stream()
              .map(v -> ids.get(Integer.parseInt(v.substring(1)))).toList();

          assertThat(ids(lucene.exactVectorSearch(query, 10))).containsExactlyElementsOf(truth);
        }
      }
    }
  }

  private static List<String> trueNeighbours(List<float[]> vectors, float[] query, int k) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < vectors.size(); i++) {
      order.add(i);
    }
    order.sort(java.util.Comparator.comparingDouble((Integer i) -> -io.engram.recall.Vectors.cosine(vectors.get(i), query)));
    return order.subList(0, k).stream().map(i -> "v" + i).toList();
  }
}
