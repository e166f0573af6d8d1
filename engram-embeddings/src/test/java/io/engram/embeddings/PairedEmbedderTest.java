package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.engram.recall.Embedder;
import io.engram.recall.Script;
import io.engram.recall.Vectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedEmbedderTest {

  /** A model that knows a few words, each an axis, and counts which texts it was asked to read as queries. */
  static final class WordModel implements Embedder {
    private final String name;
    private final List<String> words;
    final List<String> queries = new ArrayList<>();
    boolean readsKorean = true;

    WordModel(String name, String... words) {
      this.name = name;
      this.words = List.of(words);
    }

    @Override
    public float[] embed(String text) {
      float[] v = new float[words.size() + 1];
      for (int i = 0; i < words.size(); i++) {
        v[i] = text.contains(words.get(i)) ? 1 : 0;
      }
      v[words.size()] = 0.1f; // no text is all zeros
      return v;
    }

    @Override
    public float[] embedQuery(String query) {
      queries.add(query);
      return embed(query);
    }

    @Override
    public List<float[]> tokenVectors(String text, boolean query) {
      return List.of(Vectors.unit(embed(text)));
    }

    @Override
    public int dimension() {
      return words.size() + 1;
    }

    @Override
    public boolean reads(Script script) {
      return script != Script.HANGUL || readsKorean;
    }

    @Override
    public String name() {
      return name;
    }
  }

  private final WordModel english = new WordModel("en", "cache", "deploy");
  private final WordModel chinese = new WordModel("zh", "缓存", "部署");
  private final PairedEmbedder pair = PairedEmbedder.of(english, chinese);

  @Test
  void aQueryIsReadOnlyByTheModelOfItsScript() {
    pair.embedQuery("how do we deploy?");
    pair.embedQuery("怎么部署到测试环境？");

    assertThat(english.queries).containsExactly("how do we deploy?");
    assertThat(chinese.queries).containsExactly("怎么部署到测试环境？");
    assertThat(pair.reading("how do we deploy?").model()).isEqualTo("en");
    assertThat(pair.reading("怎么在测试环境上部署 order-service？").model()).isEqualTo("zh");
  }

  @Test
  void aKoreanQueryGoesToTheCjkModelOnlyWhenItReadsKorean() {
    chinese.readsKorean = false;
    pair.embedQuery("배포는 어떻게 해?");

    assertThat(english.queries).containsExactly("배포는 어떻게 해?");
    assertThat(chinese.queries).isEmpty();
    assertThat(pair.reads(Script.HANGUL)).isTrue();

    english.readsKorean = false;
    assertThat(pair.reads(Script.HANGUL)).isFalse();
    chinese.readsKorean = true;
    pair.embedQuery("배포는 어떻게 해?");
    assertThat(chinese.queries).containsExactly("배포는 어떻게 해?");
    assertThat(pair.reading("배포는 어떻게 해?").model()).isEqualTo("zh");
  }

  @Test
  void aLatinQueryIsAlsoReadByTheCjkModelInThePairsSpace() {
    List<Embedder> others = pair.otherReaders("how do we deploy?");

    assertThat(pair.otherReaders("怎么部署到测试环境？")).isEmpty();
    assertThat(others).hasSize(1);
    Embedder second = others.get(0);
    assertThat(second.reading("how do we deploy?").model()).isEqualTo("zh");
    assertThat(second).isSameAs(pair.otherReaders("another question").get(0));
    String memory = "部署前先清缓存";
    double own = Vectors.cosine(chinese.embedQuery("deploy 部署"), chinese.embed(memory));
    double paired = Vectors.cosine(second.embedQuery("deploy 部署"), pair.embed(memory));
    assertThat(paired).isCloseTo(own * second.reading("deploy 部署").scale(), within(1e-6));
  }

  @Test
  void aQuerysCosineWithAStoredTextIsItsReadingModelsOwnScaledByTheReading() {
    String memory = "部署前先清缓存 (clear the cache before a deploy)";
    for (String query : List.of("clear the cache", "部署之前要做什么")) {
      Embedder reader = query.startsWith("clear") ? english : chinese;
      double own = Vectors.cosine(reader.embedQuery(query), reader.embed(memory));
      double paired = Vectors.cosine(pair.embedQuery(query), pair.embed(memory));

      assertThat(paired).isCloseTo(own * pair.reading(query).scale(), within(1e-6));
    }
  }

  @Test
  void storedTextsAreBothModelsReadingsInOneVector() {
    float[] v = pair.embed("缓存 cache");
    List<float[]> all = pair.embedAll(List.of("缓存 cache", "deploy"));

    assertThat(pair.dimension()).isEqualTo(6).isEqualTo(v.length);
    assertThat(Vectors.dot(v, v)).isCloseTo(1.0, within(1e-6));
    assertThat(all.get(0)).containsExactly(v);
    assertThat(pair.name()).isEqualTo("en+zh");
  }

  @Test
  void itsModelsAreTheLatinOneThenTheCjkOne() {
    assertThat(pair.models()).containsExactly(english, chinese);
    assertThat(english.models()).containsExactly(english);
  }

  @Test
  void theSharedPairOfTwoModelsIsOneInstanceSoWhatRecallKeepsPerModelIsKept() {
    assertThat(PairedEmbedder.shared(english, chinese)).isSameAs(PairedEmbedder.shared(english, chinese))
        .isNotSameAs(PairedEmbedder.shared(chinese, english));
  }

  @Test
  void aQueryTokenMeetsOnlyTheTokensOfItsReadingModel() {
    List<float[]> stored = pair.tokenVectors("缓存 cache", false);
    List<float[]> query = pair.tokenVectors("cache", true);

    assertThat(stored).hasSize(2);
    assertThat(query).hasSize(1);
    assertThat(Vectors.dot(query.get(0), stored.get(0))).isGreaterThan(0.5);
    assertThat(Vectors.dot(query.get(0), stored.get(1))).isZero();
  }

  @Test
  void aQueryReadOnceIsWhatItsVectorAndTokensAreOneByOne() {
    for (String query : List.of("how do we deploy the cache?", "怎么部署到测试环境？")) {
      Embedder.QueryReading read = pair.readQuery(query);
      List<float[]> tokens = read.tokens().get();
      List<float[]> oneByOne = pair.tokenVectors(query, true);

      assertThat(read.vector()).containsExactly(pair.embedQuery(query));
      assertThat(tokens).hasSameSizeAs(oneByOne);
      for (int i = 0; i < tokens.size(); i++) {
        assertThat(tokens.get(i)).containsExactly(oneByOne.get(i));
      }
    }
  }

  @Test
  void aQueryIsReadByItsReadingModelAlone() {
    pair.readQuery("how do we deploy?");
    pair.readQuery("怎么部署到测试环境？");

    assertThat(english.queries).containsExactly("how do we deploy?");
    assertThat(chinese.queries).containsExactly("怎么部署到测试环境？");
  }

  @Test
  void fixedTextsArePlacedAsQueriesAndStoredTextsAre() {
    WordModel latin = new WordModel("latin", "dog", "park");
    WordModel cjk = new WordModel("cjk", "狗", "公园", "dog");
    PairedEmbedder pair = PairedEmbedder.of(latin, cjk);
    List<String> texts = List.of("the dog park", "狗公园", "a dog");

    List<float[]> queries = pair.embedFixed(texts, true);
    List<float[]> stored = pair.embedFixed(texts, false);

    for (int i = 0; i < texts.size(); i++) {
      assertThat(queries.get(i)).containsExactly(pair.embedQuery(texts.get(i)));
      assertThat(stored.get(i)).containsExactly(pair.embed(texts.get(i)));
    }
    Embedder reader = pair.otherReaders("the dog park").get(0);
    assertThat(reader.embedFixed(texts, true).get(0)).containsExactly(reader.embedQuery(texts.get(0)));
  }
}
