package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class TokenMatchTest {
  private static final Instant NOW = Instant.parse("2024-01-01T00:00:00Z");

  /**
   * Each word a token whose vector is one of a few axes: words of one family ("book", "novel", "read") share an axis,
   * so the match can be worked out by hand. Counts the documents it reads.
   */
  private static final class FamilyEmbedder implements Embedder {
    // Documents are read side by side.
    final java.util.concurrent.atomic.AtomicInteger documentsRead = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public float[] embed(String text) {
      return axis(0);
    }

    @Override
    public List<float[]> tokenVectors(String text, boolean query) {
      if (!query) {
        documentsRead.incrementAndGet();
      }
      List<float[]> out = new ArrayList<>();
      for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
        if (!word.isEmpty() && (!query || FunctionWords.carriesContent(word))) {
          out.add(axis(family(word)));
        }
      }
      return out;
    }

    private static int family(String word) {
      return switch (word) {
        case "book", "novel", "read", "reading" -> 1;
        case "john" -> 2;
        case "pasta", "cook" -> 3;
        default -> 4 + Math.floorMod(word.hashCode(), 4);
      };
    }

    private static float[] axis(int i) {
      float[] v = new float[8];
      v[i] = 1;
      return v;
    }

    @Override
    public int dimension() {
      return 8;
    }
  }

  private static RecallDocument doc(String id, String body) {
    return RecallDocument.of(id, "", "", body, NOW);
  }

  @Test
  void eachQueryWordCountsAtItsBestMatchInTheDocument() {
    TokenMatch match = new TokenMatch(new FamilyEmbedder());

    var scores = match.scores("what novel did John read?", List.of(doc("a", "John finished a book"),
        doc("b", "John likes to cook pasta"), doc("c", "pasta")));

    // Three content words (novel, john, read): a holds all three families, b only john's, c none.
    assertThat(scores.get("a")).isCloseTo(1.0, offset(1e-9));
    assertThat(scores.get("b")).isCloseTo(1.0 / 3, offset(1e-9));
    assertThat(scores.get("c")).isCloseTo(0.0, offset(1e-9));
  }

  @Test
  void aQueryWithoutContentWordsMatchesNothing() {
    assertThat(new TokenMatch(new FamilyEmbedder()).scores("what did you do?", List.of(doc("a", "John read")))).isEmpty();
  }

  @Test
  void aModelWithoutTokenVectorsMatchesNothing() {
    Embedder sentencesOnly = new Embedder() {
      @Override
      public float[] embed(String text) {
        return new float[] {1, 0};
      }

      @Override
      public int dimension() {
        return 2;
      }
    };

    assertThat(new TokenMatch(sentencesOnly).scores("novel", List.of(doc("a", "book")))).isEmpty();
  }

  @Test
  void aDocumentIsReadOnceWhileItsTextIsKept() {
    FamilyEmbedder model = new FamilyEmbedder();
    TokenMatch match = new TokenMatch(model);
    List<RecallDocument> docs = List.of(doc("a", "John finished a book"), doc("b", "pasta"));

    match.scores("novel", docs);
    match.scores("cook", docs);

    assertThat(model.documentsRead).hasValue(2);
  }

  @Test
  void anotherIndexOverTheSameModelReadsNothingAgain() {
    // The resident service builds an index, and so a match, for every call.
    FamilyEmbedder model = new FamilyEmbedder();
    List<RecallDocument> docs = List.of(doc("a", "John finished a book"), doc("b", "pasta"));

    new TokenMatch(model).scores("novel", docs);
    new TokenMatch(model).scores("cook", docs);

    assertThat(model.documentsRead).hasValue(2);
  }

  @Test
  void theLeastRecentlyUsedTextsAreGivenUpPastTheLimit() {
    TokenVectorCache cache = TokenVectorCache.of(new FamilyEmbedder());
    int third = (int) (TokenVectorCache.KEPT_BYTES / 3) + 1;

    cache.put("first", List.of(new byte[third]));
    cache.put("second", List.of(new byte[third]));
    cache.get("first");
    cache.put("third", List.of(new byte[third]));

    assertThat(cache.get("second")).isEmpty();
    assertThat(cache.get("first")).isPresent();
    assertThat(cache.get("third")).isPresent();
    assertThat(cache.size()).isEqualTo(2);
  }

  @Test
  void aChangedDocumentIsReadAgain() {
    FamilyEmbedder model = new FamilyEmbedder();
    TokenMatch match = new TokenMatch(model);

    match.scores("novel", List.of(doc("a", "pasta")));
    var scores = match.scores("novel", List.of(doc("a", "a novel")));

    assertThat(model.documentsRead).hasValue(2);
    assertThat(scores.get("a")).isCloseTo(1.0, offset(1e-9));
  }

  @Test
  void keptAsBytesACosineMovesByLessThanAHundredth() {
    java.util.Random random = new java.util.Random(7);
    for (int n = 0; n < 200; n++) {
      float[] a = new float[384];
      float[] b = new float[384];
      for (int i = 0; i < a.length; i++) {
        a[i] = (float) random.nextGaussian();
        b[i] = (float) (0.5 * a[i] + random.nextGaussian());
      }
      a = Vectors.unit(a);
      b = Vectors.unit(b);

      assertThat(TokenMatch.match(List.of(a), List.of(TokenMatch.bytes(b))))
          .isCloseTo(Vectors.dot(a, b), offset(0.01));
    }
  }

  @Test
  void aQueryTokenWithZerosInOneModelsHalfMatchesAsOverTheWholeVector() {
    List<float[]> asked = List.of(new float[] {0, 0, 0.6f, 0.8f}, new float[] {0.8f, 0.6f, 0, 0});
    List<byte[]> own = List.of(TokenMatch.bytes(new float[] {0, 0, 0.8f, 0.6f}),
        TokenMatch.bytes(new float[] {0.6f, -0.8f, 0, 0}), TokenMatch.bytes(new float[] {0.5f, 0.5f, 0.5f, 0.5f}));

    // token 1: best 0.96 (the first); token 2: best 0.7 (the third); their mean, within the bytes' rounding
    assertThat(TokenMatch.match(asked, own)).isCloseTo((0.96 + 0.7) / 2, offset(0.02));
  }
}
