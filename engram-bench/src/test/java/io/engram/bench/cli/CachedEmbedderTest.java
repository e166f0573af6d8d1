package io.engram.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.Embedder;
import io.engram.recall.Script;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CachedEmbedderTest {

  /** A model of two parts that reads no Korean. */
  static final class TwoPartModel implements Embedder {
    final Embedder part = new Embedder() {
      @Override
      public float[] embed(String text) {
        return new float[] {1, 0};
      }

      @Override
      public int dimension() {
        return 2;
      }
    };

    @Override
    public float[] embed(String text) {
      return new float[] {text.length(), 1};
    }

    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public List<Embedder> models() {
      return List.of(part, part);
    }

    @Override
    public boolean reads(Script script) {
      return script != Script.HANGUL;
    }
  }

  @Test
  void aCachedPairStillCountsAsTwoModelsAndReadsWhatItReads() throws Exception {
    CachedEmbedder pair = CachedEmbedder.over(new TwoPartModel(), Optional.empty());

    assertThat(pair.models()).hasSize(2);
    assertThat(pair.reads(Script.HANGUL)).isFalse();
    assertThat(pair.reads(Script.CJK)).isTrue();
  }

  @Test
  void aCachedSingleModelIsItsOwnOneModel() throws Exception {
    CachedEmbedder single = CachedEmbedder.over(new TwoPartModel().part, Optional.empty());

    assertThat(single.models()).containsExactly(single);
  }
}
