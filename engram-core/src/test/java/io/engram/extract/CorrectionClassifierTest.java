package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CorrectionClassifierTest {

  @Test
  void aMalformedWeightIsRefusedWithItsLine() {
    byte[] bad = "__bias\t-1.0\nw:never\tlots\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CorrectionClassifier.read(new ByteArrayInputStream(bad)))
        .isInstanceOf(IOException.class).hasMessageContaining("line 2");
    byte[] noTab = "__bias\t-1.0\n\nw:never 0.5\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CorrectionClassifier.read(new ByteArrayInputStream(noTab)))
        .isInstanceOf(IOException.class).hasMessageContaining("line 3");
  }

  @Test
  void aModelWithoutWeightsNeverFires() {
    assertThat(new CorrectionClassifier(Map.of()).probability("Never use npm.", Optional.empty())).isZero();
  }

  @Test
  void featuresReadHanCharactersAsWordsAndLeavePastedCodeOut() {
    assertThat(CorrectionClassifier.features("别用 npm", Optional.empty())).contains("w:别", "w:用", "b:别 用", "w:npm");
    assertThat(CorrectionClassifier.features("why?", Optional.of("I changed it."))).contains("cue:question",
        "cue:after-agent", "len:short");
  }

  @Test
  void theShippedModelTellsARealCorrectionFromAQuestion() {
    CorrectionClassifier shipped = CorrectionClassifier.shipped();
    assertThat(shipped.isEmpty()).isFalse();
    assertThat(shipped.probability("Don't use npm here, we use pnpm because the lockfile is pnpm's.",
        Optional.empty())).isGreaterThan(0.5);
    assertThat(shipped.probability("How do I run the tests?", Optional.empty())).isLessThan(0.3);
  }

  @Test
  void weightsNameTheFeatureOptionsTheyWereFittedWithAndAnUnknownOneIsRefused() throws IOException {
    byte[] withOptions = "__bias\t-1.0\n__option:script\t0.0000\n__option:kana\t0.0000\nscript:kana\t3.0\n"
        .getBytes(StandardCharsets.UTF_8);
    CorrectionClassifier model = CorrectionClassifier.read(new ByteArrayInputStream(withOptions));
    assertThat(model.options()).containsExactlyInAnyOrder(CorrectionFeatures.Option.SCRIPT,
        CorrectionFeatures.Option.KANA);
    // the option's feature is read for this model, and the option line itself moves no probability
    assertThat(model.probability("今後は必ずテストを書いてください", Optional.empty())).isGreaterThan(0.8);
    assertThat(model.probability("Never use npm.", Optional.empty())).isLessThan(0.3);

    byte[] unknown = "__bias\t-1.0\n__option:sentiment\t0.0000\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CorrectionClassifier.read(new ByteArrayInputStream(unknown)))
        .isInstanceOf(IOException.class).hasMessageContaining("no feature option sentiment");
  }

  @Test
  void optionsAddTheScriptKanaCharactersNegatedWordsTheAgentsWordsAndOtherLanguagesKeywords() {
    java.util.Set<String> f = CorrectionFeatures.of("今後はテストを書いて", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.SCRIPT, CorrectionFeatures.Option.KANA));
    assertThat(f).contains("script:kana", "w:テ", "b:テ ス", "w:今");
    assertThat(CorrectionClassifier.features("今後はテストを書いて", Optional.empty())).contains("w:はテストを書いて")
        .noneMatch(x -> x.startsWith("script:"));
    assertThat(CorrectionFeatures.of("don't use the old api", Optional.of("I used the old API."),
        java.util.EnumSet.of(CorrectionFeatures.Option.NEGATION, CorrectionFeatures.Option.PREVIOUS,
            CorrectionFeatures.Option.SCRIPT)))
        .contains("n:use", "n:the", "p:used", "script:latin", "cue:keyword@latin").doesNotContain("n:old");
    assertThat(CorrectionFeatures.of("sempre commita sem co-author", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.LANGUAGES))).contains("cue:keyword");
    assertThat(CorrectionClassifier.features("sempre commita sem co-author", Optional.empty()))
        .doesNotContain("cue:keyword");
  }

  @Test
  void hanTrigramsJoinThreeHanCharactersInARowAndNothingAcrossOtherWords() {
    java.util.Set<String> f = CorrectionFeatures.of("以后不要再用 npm 安装", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.HAN_TRIGRAMS));
    assertThat(f).contains("t:以后不", "t:不要再", "t:要再用", "b:用 npm").noneMatch(x -> x.startsWith("t:") && x.contains("npm"))
        .doesNotContain("t:再用安");
    assertThat(CorrectionClassifier.features("以后不要再用", Optional.empty())).noneMatch(x -> x.startsWith("t:"));
  }

  @Test
  void hanApartReadsHanCharactersTouchingLatinLettersAsWordsOfTheirOwn() {
    java.util.Set<String> apart = CorrectionFeatures.of("不需要生成额外的md文档，用pnpm安装", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.HAN_APART, CorrectionFeatures.Option.HAN_TRIGRAMS));
    assertThat(apart).contains("w:md", "w:文", "b:的 md", "b:md 文", "t:需要生", "w:pnpm", "b:用 pnpm", "w:安")
        .doesNotContain("w:md文档", "w:pnpm安装");
    // without it a word of letters runs on through the Han characters after it
    assertThat(CorrectionClassifier.features("额外的md文档", Optional.empty())).contains("w:md文档")
        .doesNotContain("w:文");
    // with kana read apart too, Japanese keeps its characters apart from the letters they touch
    assertThat(CorrectionFeatures.of("npmを使わないで", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.HAN_APART, CorrectionFeatures.Option.KANA)))
        .contains("w:npm", "w:を", "w:使", "b:npm を");
    assertThat(CorrectionFeatures.of("don't use npm", Optional.empty(),
        java.util.EnumSet.of(CorrectionFeatures.Option.HAN_APART)))
        .isEqualTo(CorrectionFeatures.of("don't use npm", Optional.empty(), java.util.EnumSet.noneOf(
            CorrectionFeatures.Option.class)));
  }

  @Test
  void theShippedWeightsNameTheOptionsTheyWereFittedWith() {
    assertThat(CorrectionClassifier.shipped().options()).containsExactlyInAnyOrder(CorrectionFeatures.Option.SCRIPT,
        CorrectionFeatures.Option.HAN_TRIGRAMS, CorrectionFeatures.Option.HAN_APART);
  }
}
