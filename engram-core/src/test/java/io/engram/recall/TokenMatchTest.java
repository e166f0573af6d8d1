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

    cache.put("first", rows(third));
    cache.put("second", rows(third));
    cache.get("first");
    cache.put("third", rows(third));

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

      assertThat(TokenRows.of(List.of(b)).match(List.of(a)))
          .isCloseTo(Vectors.dot(a, b), offset(0.01));
    }
  }

  @Test
  void aQueryTokenWithZerosInOneModelsHalfMatchesAsOverTheWholeVector() {
    List<float[]> asked = List.of(new float[] {0, 0, 0.6f, 0.8f}, new float[] {0.8f, 0.6f, 0, 0});
    TokenRows own = TokenRows.of(List.of(new float[] {0, 0, 0.8f, 0.6f}, new float[] {0.6f, -0.8f, 0, 0},
        new float[] {0.5f, 0.5f, 0.5f, 0.5f}));

    // token 1: best 0.96 (the first); token 2: best 0.7 (the third); their mean, within the bytes' rounding
    assertThat(own.match(asked)).isCloseTo((0.96 + 0.7) / 2, offset(0.02));
  }

  @Test
  void aQueryTokenMeetingOnlyTheOtherModelsTokensScoresZeroAsAProductOfZerosWould() {
    // Every token of the document is the other model's: the whole-vector dot product with each is 0.
    TokenRows own = TokenRows.of(List.of(new float[] {0, 0, 0.8f, 0.6f}, new float[] {0, 0, -0.6f, 0.8f}));

    assertThat(own.match(List.<float[]>of(new float[] {0.8f, -0.6f, 0, 0}))).isEqualTo(0.0);
  }

  @Test
  void theMatchIsTheWholeVectorLoopsToTheLastBit() {
    // One model (384) and a pair (384 + 512, a token zero in the other's half), documents with components that the
    // bytes round to zero at either end, query tokens in one model's half or the other's, one to eleven of them.
    java.util.Random random = new java.util.Random(11);
    for (int n = 0; n < 400; n++) {
      boolean pair = n % 2 == 0;
      int dim = pair ? 896 : 384;
      List<float[]> asked = new ArrayList<>();
      int queryTokens = 1 + random.nextInt(11);
      for (int k = 0; k < queryTokens; k++) {
        asked.add(token(random, dim, pair && random.nextInt(3) == 0 ? 384 : 0, pair ? (random.nextInt(3) == 0 ? dim : 384)
            : dim));
      }
      List<float[]> docTokens = new ArrayList<>();
      int docLength = 1 + random.nextInt(60);
      for (int t = 0; t < docLength; t++) {
        boolean other = pair && random.nextBoolean();
        float[] v = token(random, dim, other ? 384 : 0, other ? dim : 384);
        if (random.nextInt(4) == 0) { // tiny ends, which the bytes round to zero
          v[other ? 384 : 0] = 0.001f;
          v[(other ? dim : 384) - 1] = -0.001f;
        }
        docTokens.add(v);
      }
      List<byte[]> whole = docTokens.stream().map(TokenRows::bytes).toList();

      assertThat(TokenRows.of(docTokens).match(asked)).isEqualTo(wholeVectorMatch(asked, whole));
    }
  }

  @Test
  void documentsMatchedSideBySideScoreAsEachAlone() {
    FamilyEmbedder model = new FamilyEmbedder();
    List<RecallDocument> docs = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      docs.add(doc("d" + i, "John read " + i + " novels while the pasta " + (i % 3 == 0 ? "cooked" : "burned")));
    }
    TokenMatch match = new TokenMatch(model);

    var together = match.scores("what novel did John cook?", docs);

    assertThat(together).hasSize(64);
    for (RecallDocument d : docs) {
      assertThat(together.get(d.id())).isEqualTo(match.scores("what novel did John cook?", List.of(d)).get(d.id()));
    }
  }

  // A unit vector, random in [from, to) and zero elsewhere.
  private static float[] token(java.util.Random random, int dim, int from, int to) {
    float[] v = new float[dim];
    for (int i = from; i < to; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return Vectors.unit(v);
  }

  // The match as first written: every query token against every document token over the whole vector, in order.
  private static double wholeVectorMatch(List<float[]> asked, List<byte[]> own) {
    double sum = 0;
    for (float[] q : asked) {
      double best = Double.NEGATIVE_INFINITY;
      for (byte[] d : own) {
        double dot = 0;
        for (int i = 0; i < q.length; i++) {
          dot += q[i] * d[i];
        }
        best = Math.max(best, dot / 127);
      }
      sum += best;
    }
    return sum / asked.size();
  }

  private static TokenRows rows(int bytes) {
    float[] v = new float[bytes];
    java.util.Arrays.fill(v, 0.5f); // bytes of 64: none trimmed
    return TokenRows.of(List.of(v));
  }
}
