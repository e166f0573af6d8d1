package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WordPieceTokenizerTest {
  private static WordPieceTokenizer ours;
  private static HuggingFaceTokenizer reference;

  @BeforeAll
  static void load() {
    byte[] json = HuggingFaceReference.tokenizerJson();
    ours = HuggingFaceReference.ours(json);
    reference = HuggingFaceReference.huggingFace(json);
  }

  @Test
  void idsEqualHuggingFacesForEveryCorpusText() {
    for (String text : TokenizerCorpus.texts()) {
      assertThat(ours.encode(text)).as("ids of %s", text).containsExactly(reference.encode(text).getIds());
    }
  }

  @Test
  void idsEqualHuggingFacesWithBertsFullLength() {
    byte[] wide = HuggingFaceReference.tokenizerJsonTruncatedAt(512);
    WordPieceTokenizer oursWide = HuggingFaceReference.ours(wide);
    HuggingFaceTokenizer referenceWide = HuggingFaceReference.huggingFace(wide);
    for (String text : TokenizerCorpus.texts()) {
      assertThat(oursWide.encode(text)).as("ids of %s", text).containsExactly(referenceWide.encode(text).getIds());
    }
    assertThat(oursWide.encode("token ".repeat(700))).hasSize(512);
  }

  /**
   * Every code point of the scripts and symbol blocks Engram's texts use, alone and between letters. Outside
   * these blocks a few hundred code points (of 1.1 million) that Unicode re-classified after the release
   * HuggingFace's tables come from are split or dropped differently; see {@link BertBasicTokenizer}.
   */
  @Test
  void idsEqualHuggingFacesForEveryCharacterOfCommonScripts() {
    // {first, last, step}: the large uniform blocks (CJK ideographs, Hangul syllables) are sampled
    int[][] blocks = {{0x0000, 0x07BF, 1}, {0x1E00, 0x2E42, 1}, {0x3000, 0x4DBF, 1}, {0x4E00, 0x9FFF, 13},
        {0xAC00, 0xD7AF, 13}, {0xFE30, 0xFFFD, 1}, {0x1F000, 0x1FAFF, 1}};
    for (int[] block : blocks) {
      for (int cp = block[0]; cp <= block[1]; cp += block[2]) {
        String c = new String(Character.toChars(cp));
        String text = "a" + c + "b " + c + "é";
        assertThat(ours.encode(text)).as("ids of U+%04X", cp).containsExactly(reference.encode(text).getIds());
      }
    }
  }

  @Test
  void accentsAreStrippedAndTextIsLowerCased() {
    assertThat(ours.encode("Café NAÏVE")).containsExactly(ours.encode("cafe naive"));
  }

  @Test
  void eachCjkIdeographIsAWordOfItsOwn() {
    long[] ids = ours.encode("中文");
    assertThat(ids).hasSize(4).containsExactly(101, 1746, 1861, 102);
  }

  @Test
  void aWordLongerThanAHundredCharactersIsOneUnknownToken() {
    assertThat(ours.encode("a".repeat(101))).containsExactly(101, 100, 102);
    assertThat(ours.encode("a".repeat(100)).length).isGreaterThan(3);
  }

  @Test
  void specialTokensWrittenInTheTextAreKeptWhole() {
    assertThat(ours.encode("x [SEP] y")).containsExactly(101, 1060, 102, 1061, 102);
  }

  @Test
  void blankTextIsJustTheStartAndEndTokens() {
    assertThat(ours.encode("")).containsExactly(101, 102);
    assertThat(ours.encode(" \t\n\u0000")).containsExactly(101, 102);
  }

  @Test
  void longTextIsCutToTheTokenizersMaximumLength() {
    long[] ids = ours.encode("word ".repeat(1000));
    assertThat(ours.maxLength()).isEqualTo(128);
    assertThat(ids).hasSize(128);
    assertThat(ids[127]).isEqualTo(102);
    assertThat(Arrays.stream(ids, 1, 127)).allMatch(id -> id == ids[1]);
  }

  @Test
  void refusesATokenizerOfAnotherModelType() {
    String json = "{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0}},\"pre_tokenizer\":{\"type\":\"ByteLevel\"}}";
    assertThatThrownBy(() -> WordPieceTokenizer.fromHuggingFaceJson(
        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "bpe.json"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bpe.json")
        .hasMessageContaining("model.type is \"BPE\", expected \"WordPiece\"");
  }

  @Test
  void refusesAnUnknownTokenMissingFromTheVocabulary() {
    String json = "{\"model\":{\"type\":\"WordPiece\",\"unk_token\":\"[UNK]\",\"vocab\":{\"a\":0}},"
        + "\"normalizer\":{\"type\":\"BertNormalizer\"},\"pre_tokenizer\":{\"type\":\"BertPreTokenizer\"}}";
    assertThatThrownBy(() -> WordPieceTokenizer.fromHuggingFaceJson(
        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "tiny.json"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model.unk_token \"[UNK]\" is not in the vocabulary");
  }

  @Test
  void aCaseKeepingNormaliserOverAVocabularyWithoutCapitalsLowerCasesAsTheModelWasTrained() throws IOException {
    String vocab = "\"[UNK]\":0,\"[CLS]\":1,\"[SEP]\":2,\"spring\":3,\"boot\":4";
    assertThat(tiny(vocab).encode("Spring BOOT")).containsExactly(1, 3, 4, 2);
    // A cased vocabulary keeps case, as its normaliser says.
    assertThat(tiny(vocab + ",\"Spring\":5").encode("Spring BOOT")).containsExactly(1, 5, 0, 2);
  }

  @Test
  void holdsAnyTellsWhetherAVocabularyHasALetterOfAKind() throws IOException {
    String vocab = "\"[UNK]\":0,\"[CLS]\":1,\"[SEP]\":2,\"spring\":3,\"##배포\":4";
    java.util.function.IntPredicate syllable =
        cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.HANGUL_SYLLABLES;

    assertThat(tiny(vocab).holdsAny(syllable)).isTrue();
    assertThat(tiny("\"[UNK]\":0,\"[CLS]\":1,\"[SEP]\":2,\"ᄀ\":3").holdsAny(syllable)).isFalse();
  }

  private static WordPieceTokenizer tiny(String vocab) throws IOException {
    String json = "{\"model\":{\"type\":\"WordPiece\",\"unk_token\":\"[UNK]\",\"vocab\":{" + vocab + "}},"
        + "\"normalizer\":{\"type\":\"BertNormalizer\",\"lowercase\":false},"
        + "\"pre_tokenizer\":{\"type\":\"BertPreTokenizer\"},\"post_processor\":{\"type\":\"BertProcessing\","
        + "\"cls\":[\"[CLS]\",1],\"sep\":[\"[SEP]\",2]}}";
    return WordPieceTokenizer.fromHuggingFaceJson(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
        "tiny.json");
  }
}
