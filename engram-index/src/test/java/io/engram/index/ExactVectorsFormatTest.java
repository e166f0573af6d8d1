package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Vectors below the exact-search limit are stored without a graph ({@link ExactVectorsFormat}), read back by name
 * after a reopening, and still answer nearest-neighbour queries exactly once the index has grown past the limit.
 */
class ExactVectorsFormatTest {
  private static final LuceneSearchIndex.VectorSearch LIMIT_500 = new LuceneSearchIndex.VectorSearch(500, 16, 100, 100);

  @TempDir Path dir;
  private final Random random = new Random(3);
  private final List<float[]> vectors = new ArrayList<>();

  @Test
  void belowTheLimitNoSegmentHoldsAGraph() throws IOException {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      add(lucene, 400);
      lucene.release();
    }

    assertThat(segmentFormats()).isNotEmpty().containsOnly(ExactVectorsFormat.NAME);
    assertThat(check().clean).isTrue();
  }

  @Test
  void anIndexWithoutAGraphReopensAndFindsTheTrueNeighboursEitherWay() {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      add(lucene, 300);
      lucene.release();
      add(lucene, 100);
      lucene.release();
    }

    try (LuceneSearchIndex reopened = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      for (int q = 0; q < 10; q++) {
        float[] query = near(vectors.get(random.nextInt(vectors.size())));
        List<String> truth = trueNeighbours(query, 10);

        assertThat(ids(reopened.exactVectorSearch(query, 10))).containsExactlyElementsOf(truth);
        // No graph to walk: the nearest-neighbour query scans, so it is exact too.
        assertThat(ids(reopened.approximateVectorSearch(query, 10, 10))).containsExactlyElementsOf(truth);
      }
    }
  }

  @Test
  void pastTheLimitNewSegmentsGetAGraphAndTheOldOnesStillAnswer() throws IOException {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      add(lucene, 450);
      lucene.release();
      add(lucene, 100); // begun below the limit, so still without a graph
      lucene.release();
      add(lucene, 300);
      lucene.release();
    }
    assertThat(segmentFormats()).contains(ExactVectorsFormat.NAME, "Lucene99HnswVectorsFormat");
    assertThat(check().clean).isTrue();

    try (LuceneSearchIndex reopened = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      assertThat(reopened.vectorCount()).isEqualTo(850);
      for (int i = 0; i < 450; i += 45) {
        // A vector written before the graph began, asked for itself through the graph's query, comes first.
        assertThat(ids(reopened.vectorSearch(vectors.get(i), 1))).containsExactly("v" + i);
      }
    }
  }

  @Test
  void aLimitOfZeroGivesEverySegmentAGraph() throws IOException {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500.withExactLimit(0))) {
      add(lucene, 50);
      lucene.release();
      add(lucene, 50);
      lucene.release();
    }

    assertThat(segmentFormats()).hasSize(2).containsOnly("Lucene99HnswVectorsFormat");
  }

  @Test
  void mergingSegmentsWithoutAGraphKeepsEveryVector() throws IOException {
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      for (int round = 0; round < 12; round++) {
        add(lucene, 30); // twelve small segments: enough for the merge policy to merge some
        lucene.release();
      }
    }

    try (LuceneSearchIndex reopened = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      assertThat(reopened.vectorCount()).isEqualTo(360);
      float[] query = near(vectors.get(7));
      assertThat(ids(reopened.vectorSearch(query, 5))).containsExactlyElementsOf(trueNeighbours(query, 5));
    }
    assertThat(check().clean).isTrue();
  }

  @Test
  void anIndexWhoseSegmentsHaveGraphsMergesThemIntoOnesWithout() throws IOException {
    // An index written before this format existed: every segment with a graph.
    try (LuceneSearchIndex old = LuceneSearchIndex.onDisk(dir, LIMIT_500.withExactLimit(0))) {
      for (int round = 0; round < 6; round++) {
        add(old, 30);
        old.release();
      }
    }
    try (LuceneSearchIndex lucene = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      for (int round = 0; round < 8; round++) {
        add(lucene, 30); // enough new segments for the merge policy to merge old and new together
        lucene.release();
      }
    }

    assertThat(segmentFormats()).contains(ExactVectorsFormat.NAME);
    assertThat(segmentFormats().size()).isLessThan(14);
    assertThat(check().clean).isTrue();
    try (LuceneSearchIndex reopened = LuceneSearchIndex.onDisk(dir, LIMIT_500)) {
      assertThat(reopened.vectorCount()).isEqualTo(420);
      for (int q = 0; q < 10; q++) {
        float[] query = near(vectors.get(random.nextInt(vectors.size())));
        assertThat(ids(reopened.vectorSearch(query, 10))).containsExactlyElementsOf(trueNeighbours(query, 10));
      }
    }
  }

  private void add(LuceneSearchIndex lucene, int n) {
    for (int i = 0; i < n; i++) {
      float[] v = new float[24];
      for (int j = 0; j < v.length; j++) {
        v[j] = (float) random.nextGaussian();
      }
      String id = "v" + vectors.size();
      vectors.add(v);
      lucene.upsert(new SearchIndex.Entry(id, "h", id, "", "", Optional.of(v)));
    }
  }

  private float[] near(float[] v) {
    float[] out = v.clone();
    out[0] += 0.4f;
    return out;
  }

  private List<String> trueNeighbours(float[] query, int k) {
    return IntStream.range(0, vectors.size()).boxed()
        .sorted(Comparator.comparingDouble(i -> -io.engram.recall.Vectors.cosine(vectors.get(i), query)))
        .limit(k).map(i -> "v" + i).toList();
  }

  private static List<String> ids(List<SearchIndex.Hit> hits) {
    return hits.stream().map(SearchIndex.Hit::id).toList();
  }

  /** The vector format each segment on disk names for the vector field. */
  private List<String> segmentFormats() throws IOException {
    try (FSDirectory d = FSDirectory.open(dir); DirectoryReader reader = DirectoryReader.open(d)) {
      return reader.leaves().stream()
          .map(leaf -> leaf.reader().getFieldInfos().fieldInfo("vector"))
          .filter(java.util.Objects::nonNull)
          .map(info -> info.getAttribute(PerFieldKnnVectorsFormat.PER_FIELD_FORMAT_KEY))
          .toList();
    }
  }

  private CheckIndex.Status check() throws IOException {
    try (FSDirectory d = FSDirectory.open(dir); CheckIndex checker = new CheckIndex(d)) {
      return checker.checkIndex();
    }
  }
}
