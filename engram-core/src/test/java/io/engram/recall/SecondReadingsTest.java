package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SecondReadingsTest {
  /** Reads "dog" in English only; stores a text as its English and Chinese dogs side by side. */
  static class EnglishModel implements Embedder {
    @Override
    public float[] embed(String text) {
      return new float[] {count(text, "dog"), 0.1f, count(text, "狗"), 0.1f};
    }

    @Override
    public float[] embedQuery(String query) {
      return new float[] {count(query, "dog"), 0.1f, 0, 0};
    }

    @Override
    public List<Embedder> otherReaders(String query) {
      return List.of(new BilingualModel());
    }

    @Override
    public int dimension() {
      return 4;
    }

    static float count(String text, String word) {
      return text.toLowerCase(Locale.ROOT).split(word, -1).length - 1;
    }
  }

  /** Reads a dog in either language, in the Chinese half of the space. */
  static final class BilingualModel extends EnglishModel {
    @Override
    public float[] embedQuery(String query) {
      return new float[] {0, 0, count(query, "dog") + count(query, "狗"), 0.1f};
    }

    @Override
    public List<Embedder> otherReaders(String query) {
      return List.of();
    }
  }

  @Test
  void aMemoryOnlyTheSecondModelCanReadIsFoundAtTheHeightThatModelGivesIt() {
    InMemorySearchIndex index = parks();
    String question = "when does the dog park open?";
    float[] vector = new EnglishModel().embedQuery(question);

    List<SearchIndex.Hit> mainOnly = index.vectorSearch(vector, 3);
    List<SearchIndex.Hit> both = bothReadings(index, question, vector);

    assertThat(mainOnly.get(0).id()).isEqualTo("park");
    assertThat(mainOnly.stream().filter(h -> h.id().equals("chinese-park")).findFirst().orElseThrow().score())
        .isLessThan(0.2);
    assertThat(both.subList(0, 2)).extracting(SearchIndex.Hit::id).containsExactlyInAnyOrder("park", "chinese-park");
    assertThat(both.get(2).id()).isEqualTo("tax");
    assertThat(both).hasSize(3);
  }

  @Test
  void anEmbedderWithOneModelSearchesOnce() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    RecallIndex recall = new RecallIndex(index, Optional.of(new BilingualModel()));
    recall.sync(List.of(RecallFixtures.doc("chinese-park", "狗公园七点开门。")));
    float[] vector = new BilingualModel().embedQuery("狗");

    assertThat(SecondReadings.search(index, new BilingualModel(), "狗", vector, 5, id -> true))
        .isEqualTo(index.vectorSearch(vector, 5));
  }

  @Test
  void aMemoryInTheQuerysOwnScriptKeepsTheMainReadingAlone() {
    InMemorySearchIndex index = parks();
    String question = "when does the tax office open?";
    float[] vector = new EnglishModel().embedQuery(question);

    List<SearchIndex.Hit> mainOnly = index.vectorSearch(vector, 3);
    List<SearchIndex.Hit> both = bothReadings(index, question, vector);

    assertThat(both.stream().filter(h -> !h.id().startsWith("chinese")))
        .containsExactlyElementsOf(mainOnly.stream().filter(h -> !h.id().startsWith("chinese")).toList());
  }

  @Test
  void theNearestReferenceOfAScriptScoresAsTheSearchScoresThatReferenceStoredAsAMemory() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    List<RecallDocument> references = new java.util.ArrayList<>();
    for (int i = 0; i < RelevanceAnchors.CJK.size(); i++) {
      references.add(RecallFixtures.doc("reference-" + i, RelevanceAnchors.CJK.get(i)));
    }
    references.add(RecallFixtures.doc("reference-dog", "狗"));
    new RecallIndex(index, Optional.of(new EnglishModel())).sync(references.subList(0, references.size() - 1));
    String question = "when does the dog park open?";
    float[] vector = new EnglishModel().embedQuery(question);

    double nearest = SecondReadings.nearestReference(new EnglishModel(), question, vector, Script.CJK);
    double searched = SecondReadings.search(index, new EnglishModel(), question, vector, 100, id -> true).stream()
        .mapToDouble(SearchIndex.Hit::cosine).max().orElseThrow();

    assertThat(nearest).isCloseTo(searched, org.assertj.core.data.Offset.offset(1e-6)); // the index keeps floats
    new RecallIndex(index, Optional.of(new EnglishModel())).sync(references);
    assertThat(SecondReadings.search(index, new EnglishModel(), question, vector, 100, id -> true).get(0).cosine())
        .as("a memory about the question's dog comes nearer than any reference prompt").isGreaterThan(nearest + 0.1);
  }

  /** An English, a Chinese and an unrelated English memory, embedded by the English model. */
  private static InMemorySearchIndex parks() {
    InMemorySearchIndex index = new InMemorySearchIndex();
    new RecallIndex(index, Optional.of(new EnglishModel())).sync(List.of(
        RecallFixtures.doc("park", "The dog park opens at seven."), RecallFixtures.doc("chinese-park", "狗公园七点开门。"),
        RecallFixtures.doc("tax", "Taxes are due in April.")));
    return index;
  }

  private static List<SearchIndex.Hit> bothReadings(InMemorySearchIndex index, String question, float[] vector) {
    return SecondReadings.search(index, new EnglishModel(), question, vector, 3, id -> id.startsWith("chinese"));
  }
}
