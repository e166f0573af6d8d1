package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

class WordPieceTokenizerPropertiesTest {
  private static WordPieceTokenizer ours;
  private static HuggingFaceTokenizer reference;

  @BeforeContainer
  static void load() {
    byte[] json = HuggingFaceReference.tokenizerJson();
    ours = HuggingFaceReference.ours(json);
    reference = HuggingFaceReference.huggingFace(json);
  }

  @Property(tries = 500)
  void anyTextGivesIdsOfTheVocabularyWithinTheMaximumLength(@ForAll("anyText") String text) {
    long[] ids = ours.encode(text);

    assertThat(ids.length).isBetween(2, ours.maxLength());
    assertThat(ids[0]).isEqualTo(101);
    assertThat(ids[ids.length - 1]).isEqualTo(102);
    assertThat(Arrays.stream(ids)).allMatch(id -> id >= 0 && id < ours.vocabularySize());
  }

  @Property(tries = 300)
  void idsEqualHuggingFacesForMixedScriptText(@ForAll("mixedText") String text) {
    assertThat(ours.encode(text)).containsExactly(reference.encode(text).getIds());
  }

  @Provide
  Arbitrary<String> anyText() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(400),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(2000),
        Arbitraries.strings().withChars("[SEPCLUNKMA] #").ofMaxLength(200));
  }

  @Provide
  Arbitrary<String> mixedText() {
    Arbitrary<String> pieces = Arbitraries.oneOf(
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12),
        Arbitraries.strings().withCharRange('\u0020', '\u007e').ofMaxLength(6),
        Arbitraries.strings().withCharRange('\u00a0', '\u024f').ofMaxLength(4),
        Arbitraries.strings().withCharRange('\u0370', '\u04ff').ofMaxLength(4),
        Arbitraries.strings().withCharRange('\u2000', '\u206f').ofMaxLength(2),
        Arbitraries.strings().withCharRange('\u3040', '\u30ff').ofMaxLength(3),
        Arbitraries.strings().withCharRange('\u4e00', '\u9fff').ofMaxLength(3),
        Arbitraries.of(" ", "  ", "\t", "\n", "\u00a0", "\u200b", "[SEP]", "[UNK]", "[CLS]", "##", "😀", "👍🏽",
            "e\u0301", "İ", "ß", "ﬁ", "\u0000"));
    return pieces.list().ofMaxSize(60).map(list -> String.join("", list));
  }
}
