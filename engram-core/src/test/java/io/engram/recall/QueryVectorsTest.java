package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QueryVectorsTest {
  /** Each text a vector of its length; counts the runs of the "model", and which kind each was. */
  private static final class CountingModel implements Embedder {
    final List<String> runs = new ArrayList<>();

    @Override
    public float[] embed(String text) {
      runs.add("embed " + text);
      return new float[] {1, text.length()};
    }

    @Override
    public List<float[]> tokenVectors(String text, boolean query) {
      runs.add((query ? "query tokens " : "tokens ") + text);
      return List.of(Vectors.unit(new float[] {1, text.length()}));
    }

    @Override
    public QueryReading readQuery(String query) {
      runs.add("read " + query);
      return new QueryReading(new float[] {1, query.length()}, () -> List.of(Vectors.unit(new float[] {1, 1})));
    }

    @Override
    public int dimension() {
      return 2;
    }
  }

  @Test
  void aQueryIsReadOnceForItsVectorItsCosinesAndItsTokens() {
    CountingModel model = new CountingModel();
    QueryVectors queries = new QueryVectors(model);

    queries.vector("redis");
    queries.tokens("redis");
    queries.vector("redis");

    assertThat(model.runs).containsExactly("read redis");
  }

  @Test
  void thePromptAndTheActivityAreEachReadOnceWhateverTheOrderOfAsking() {
    CountingModel model = new CountingModel();
    QueryVectors queries = new QueryVectors(model);

    queries.vector("prompt");
    queries.vector("activity");
    queries.tokens("prompt");

    assertThat(model.runs).containsExactly("read prompt", "read activity");
  }

  @Test
  void aModelThatCannotReadBothInOneRunIsAskedForTheTokensOnlyWhenTheyAreWanted() {
    Embedder plain = new Embedder() {
      @Override
      public float[] embed(String text) {
        return new float[] {1, 0};
      }

      @Override
      public List<float[]> tokenVectors(String text, boolean query) {
        throw new AssertionError("tokens were not wanted");
      }

      @Override
      public int dimension() {
        return 2;
      }
    };

    assertThat(new QueryVectors(plain).vector("redis")).containsExactly(1, 0);
  }

  @Test
  void theIndexsSearchReadsTheQueryOnceForTheVectorSearchTheFloorAndTheTokenMatch() {
    CountingModel model = new CountingModel();
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(model));
    Instant now = Instant.parse("2024-01-01T00:00:00Z");
    index.sync(List.of(RecallDocument.of("a", "redis", "", "the tests need redis", now),
        RecallDocument.of("b", "kafka", "", "the tests need kafka", now)));
    model.runs.clear();

    index.vectorFloor("redis tests", io.engram.config.RecallSettings.DEFAULTS);
    index.search(RecallQuery.of("redis tests"), io.engram.config.RecallSettings.DEFAULTS, now);

    assertThat(model.runs).filteredOn(r -> r.contains("redis tests")).containsExactly("read redis tests");
  }
}
