package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.ModelResources;
import io.engram.embeddings.OnnxBertEmbedder;
import io.engram.recall.Embedder;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The shipped correction model that weighs sentence vectors, on real-shaped turns, read by the MiniLM engram.jar
 * ships (the Chinese model is not in this build, as on a machine where it was never added): what it decides at an even
 * bar in English, and how a Chinese turn falls back to the model of words and says so.
 */
class ShippedVectorModelTest {
  private static final Supplier<Embedder> MINILM =
      () -> OnnxBertEmbedder.shared(BertModel.ALL_MINILM_L6_V2_Q, ModelResources.classpath());
  private static final ExtractionSettings EVEN = ExtractionSettings.DEFAULTS.with("vectorCorrectionMin", 0.5)
      .with("vectorCorrectionKeep", 0.5).with("vectorCorrectionMinHan", 0.5).with("vectorCorrectionKeepHan", 0.5);

  private static CorrectionModels shipped() {
    return new CorrectionModels(EVEN, CorrectionClassifier.shipped(), CorrectionClassifier.shippedWithVectors(),
        Optional.of(MINILM));
  }

  private static double probability(CorrectionModels models, String turn) {
    return models.judge(turn, Optional.empty(), CorrectionFeatures.han(turn)).orElseThrow().probability();
  }

  @Test
  void theShippedWeightsReadEachScriptWithTheModelOfThePair() {
    assertThat(CorrectionClassifier.shippedWithVectors().vectorModels())
        .containsEntry("other", BertModel.ALL_MINILM_L6_V2_Q.name())
        .containsEntry("han", BertModel.BGE_SMALL_ZH_V15_Q.name());
  }

  @Test
  void standingPreferencesInEnglishAreCorrectionsAndRequestsAreNot() {
    CorrectionModels models = shipped();

    for (String rule : List.of("Use uv for dependency management in this project, not pip.",
        "Always check git log before crafting the commit message.")) {
      assertThat(probability(models, rule)).as(rule).isGreaterThan(0.5);
    }
    for (String request : List.of("Can you check why the build fails on CI?",
        "Add a button to the settings page that resets the form.")) {
      assertThat(probability(models, request)).as(request).isLessThan(0.5);
    }
    assertThat(models.withoutVectors()).isEmpty();
  }

  @Test
  void aChineseTurnWithoutTheChineseModelIsJudgedByTheModelOfWordsAndSaysSo() {
    CorrectionModels models = shipped();
    String rule = "以后依赖管理统一用 uv，不要再用 pip。";

    CorrectionModels.Judgement judged = models.judge(rule, Optional.empty(), true).orElseThrow();
    // the model of words at its own Chinese bars, not the vector model's
    assertThat(judged.probability()).isEqualTo(CorrectionClassifier.shipped().probability(rule, Optional.empty()));
    assertThat(judged.min()).isEqualTo(EVEN.learntCorrectionMinHan());
    assertThat(models.withoutVectors()).singleElement().asString()
        .contains(BertModel.BGE_SMALL_ZH_V15_Q.name(), "is not installed", "Chinese");
  }
}
