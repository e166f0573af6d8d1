package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RelevanceAnchorsTest {

  /** One axis for dogs, one for tests (测试 too), so a prompt about tests sits near the reference prompts. */
  static final class TopicEmbedder implements Embedder {
    @Override
    public float[] embed(String text) {
      String t = text.toLowerCase(java.util.Locale.ROOT);
      return new float[] {count(t, "dog"), count(t, "test") + count(t, "测试"), 0.05f};
    }

    private static float count(String t, String w) {
      return t.split(w, -1).length - 1;
    }

    @Override
    public int dimension() {
      return 3;
    }

    @Override
    public String name() {
      return "topic";
    }
  }

  private final TopicEmbedder model = new TopicEmbedder();

  private RecallIndex index() {
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(model));
    index.sync(List.of(RecallFixtures.doc("dog-tests", "The dog test suite needs the kennel service.")));
    return index;
  }

  @Test
  void aPromptAsNearToTheReferencePromptsAsToTheMemoryGetsNothingByMeaning() {
    RecallSettings anchored = RecallFixtures.withVectorFloor("topic", 0.5, Map.of("topic", 0.05));
    RecallSettings absolute = RecallFixtures.withVectorFloor("topic", 0.5);
    RecallIndex index = index();
    String prompt = "please fix the failing test";

    assertThat(index.anchorCosine(prompt)).hasValueCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
    assertThat(index.vectorFloor(prompt, absolute)).isEqualTo(0.5);
    assertThat(index.vectorFloor(prompt, anchored)).isGreaterThan(1.0);
    // A prompt about what only the memory speaks of keeps the absolute floor.
    assertThat(index.vectorFloor("where does the dog sleep", anchored)).isEqualTo(0.5);
  }

  @Test
  void aChinesePromptIsMeasuredAgainstTheChineseReferencePrompts() {
    assertThat(Script.of("把这个失败的测试修好")).isEqualTo(Script.CJK);
    assertThat(Script.of("在 SettlementService 里加个每天执行的任务")).isEqualTo(Script.CJK);
    assertThat(Script.of("fix the failing test in OrderService")).isEqualTo(Script.LATIN);
    // Words, not letters: one long identifier does not outweigh the Chinese around it, nor a word or two of Chinese
    // an English sentence.
    assertThat(Script.of("怎么跑 MySqlIntegrationTests")).isEqualTo(Script.CJK);
    assertThat(Script.of("Kubernetes 的 Deployment 和 StatefulSet 有什么区别？")).isEqualTo(Script.CJK);
    assertThat(Script.of("please fix the 订单 test in the payment service")).isEqualTo(Script.LATIN);
    assertThat(Script.of("1234 !?")).isEqualTo(Script.LATIN);
    assertThat(index().anchorCosine("这个测试又挂了")).hasValueCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
  }

  /** Reads "テスト" on an axis of its own; a pair (two models) when {@code pair}. */
  static final class KanaEmbedder implements Embedder {
    private final boolean pair;

    KanaEmbedder(boolean pair) {
      this.pair = pair;
    }

    @Override
    public float[] embed(String text) {
      return new float[] {text.split("テスト", -1).length - 1, text.split("测试", -1).length - 1, 0.05f};
    }

    @Override
    public int dimension() {
      return 3;
    }

    @Override
    public List<Embedder> models() {
      return pair ? List.of(this, this) : List.of(this);
    }
  }

  @Test
  void aJapanesePromptReadByAPairIsMeasuredAgainstTheJapaneseReferencePromptsAndByOneModelAgainstTheChinese() {
    String prompt = "テストが落ちた";
    KanaEmbedder pair = new KanaEmbedder(true);
    KanaEmbedder single = new KanaEmbedder(false);

    assertThat(RelevanceAnchors.nearest(pair, prompt, pair.embedQuery(prompt))).isGreaterThan(0.99);
    assertThat(RelevanceAnchors.nearest(single, prompt, single.embedQuery(prompt))).isLessThan(0.1);
    // A Chinese prompt is measured against the Chinese ones either way.
    assertThat(RelevanceAnchors.nearest(pair, "测试挂了", pair.embedQuery("测试挂了"))).isGreaterThan(0.99);
    assertThat(RelevanceAnchors.JAPANESE).hasSameSizeAs(RelevanceAnchors.LATIN);
  }

  @Test
  void aKeywordMatchMustComeWithinTheGateOfTheNearestReferencePrompt() {
    RecallSettings anchored = RecallFixtures.withVectorFloor("topic", 0.5, Map.of("topic", 0.05));
    RecallIndex index = index();
    double gate = index.keywordGate("please fix the failing test", anchored);

    assertThat(gate).isCloseTo(1.0 + anchored.keywordGate(), org.assertj.core.data.Offset.offset(0.01));
    // A model without an anchor margin keeps the keyword route as it was.
    assertThat(index.keywordGate("please fix the failing test", RecallFixtures.withVectorFloor("topic", 0.5)))
        .isEqualTo(Double.NEGATIVE_INFINITY);

    Candidate farByMeaning = new Candidate("m", 1.0, java.util.OptionalInt.of(1), java.util.OptionalInt.empty(), 0.8,
        java.util.OptionalDouble.of(gate - 0.1), List.of());
    Candidate near = new Candidate("m", 1.0, java.util.OptionalInt.of(1), java.util.OptionalInt.empty(), 0.8,
        java.util.OptionalDouble.of(gate + 0.01), List.of());
    Candidate unmeasured = new Candidate("m", 1.0, java.util.OptionalInt.of(1), java.util.OptionalInt.empty(), 0.8,
        java.util.OptionalDouble.empty(), List.of());
    assertThat(farByMeaning.clears(0.3, 2.0)).isTrue();
    assertThat(farByMeaning.clears(0.3, 2.0, gate)).isFalse();
    assertThat(near.clears(0.3, 2.0, gate)).isTrue();
    assertThat(unmeasured.clears(0.3, 2.0, gate)).isTrue();
  }

  @Test
  void withoutVectorsThereIsNoVectorFloor() {
    RecallIndex keywords = new RecallIndex(new InMemorySearchIndex(), Optional.empty());
    assertThat(keywords.anchorCosine("fix the test")).isEmpty();
    assertThat(keywords.vectorFloor("fix the test", RecallSettings.DEFAULTS)).isInfinite();
    assertThat(keywords.keywordGate("fix the test", RecallSettings.DEFAULTS)).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void theNearestReferenceIsTheHighestCosineToTheLastBit() {
    // Vectors from each text's hash, so every reference prompt lies somewhere else.
    Embedder hashed = new Embedder() {
      @Override
      public float[] embed(String text) {
        java.util.Random r = new java.util.Random(text.hashCode());
        float[] v = new float[64];
        for (int i = 0; i < v.length; i++) {
          v[i] = (float) r.nextGaussian();
        }
        return v;
      }

      @Override
      public int dimension() {
        return 64;
      }
    };
    for (String query : List.of("how do I run the tests", "部署之前要做什么", "fix it", "Explain dependency injection")) {
      float[] q = hashed.embedQuery(query);
      double expected = -1;
      for (String reference : Script.of(query) == Script.CJK ? RelevanceAnchors.CJK : RelevanceAnchors.LATIN) {
        expected = Math.max(expected, Vectors.cosine(q, hashed.embedQuery(reference)));
      }

      assertThat(RelevanceAnchors.nearest(hashed, query, q)).isEqualTo(expected);
    }
  }
}
