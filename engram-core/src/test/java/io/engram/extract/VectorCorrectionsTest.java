package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import io.engram.recall.Embedder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The correction model that weighs a turn's sentence vector inside the offline extractor: it judges a turn by the
 * embedding model of the turn's script where that is installed and its thresholds are on, and without that model the
 * rules' path stays and the extractor says why. Toy embedders and a few weights stand in for MiniLM, bge-small-zh and
 * the lab's fit, so what is tested is the mechanism, not the weights.
 */
class VectorCorrectionsTest {
  // A standing preference inside a request, with no marker word the rules read.
  private static final String PREFERENCE = "uv for dependency management in this repo.";
  private static final String CHINESE = "依赖管理的事情统一走 uv。";

  // Reads "dependency" (or 依赖) as the first direction, anything else as the second.
  private static Embedder toy(String name) {
    return new Embedder() {
      @Override
      public float[] embed(String text) {
        return text.contains("dependency") || text.contains("依赖") ? new float[] {1, 0} : new float[] {0, 1};
      }

      @Override
      public int dimension() {
        return 2;
      }

      @Override
      public String name() {
        return name;
      }
    };
  }

  // Two toy models as one embedder, as the product's pair of MiniLM and bge-small-zh is one.
  private static Embedder pair(Embedder latin, Embedder chinese) {
    return new Embedder() {
      @Override
      public float[] embed(String text) {
        return latin.embed(text);
      }

      @Override
      public int dimension() {
        return 2;
      }

      @Override
      public List<Embedder> models() {
        return List.of(latin, chinese);
      }
    };
  }

  private static final CorrectionClassifier WITH_VECTORS = new CorrectionClassifier(Map.of("__bias", -3.0,
      "__vector:other:toy-latin", 0.0, "v:other:0", 5.0, "__vector:han:toy-zh", 0.0, "v:han:0", 5.0));
  private static final CorrectionClassifier WORDS_FIND_NOTHING = new CorrectionClassifier(Map.of("__bias", -10.0));
  private static final ExtractionSettings ON = ExtractionSettings.DEFAULTS.with("vectorCorrectionMin", 0.9)
      .with("vectorCorrectionKeep", 0.2).with("vectorCorrectionMinHan", 0.9).with("vectorCorrectionKeepHan", 0.2);

  private static RuleBasedExtractor extractor(ExtractionSettings settings, Optional<Supplier<Embedder>> embedder) {
    return new RuleBasedExtractor(settings, WORDS_FIND_NOTHING, WITH_VECTORS, embedder);
  }

  private static List<MemoryCandidate> extract(RuleBasedExtractor extractor, String text) {
    return extractor.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of());
  }

  @Test
  void aStandingPreferenceTheRulesPassOverIsKeptWholeWhenTheTurnsVectorSaysSo() {
    assertThat(Fixtures.rulesOnly(PREFERENCE)).isEmpty();
    RuleBasedExtractor extractor = extractor(ON, Optional.of(() -> pair(toy("toy-latin"), toy("toy-zh"))));

    assertThat(extract(extractor, PREFERENCE)).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
      assertThat(m.body()).isEqualTo(PREFERENCE);
    });
    assertThat(extract(extractor, "pytest for the checks in this repo.")).isEmpty();
    assertThat(extractor.withoutVectors()).isEmpty();
  }

  @Test
  void aStandingPreferenceInsideARequestIsKeptOnlyFromTheBarOverAnEdit() {
    // no marker word in the request's clause ("use uv for ..." is a clause the rules keep beside the edit)
    String request = "Add a CLI entry point and uv for dependency management.";
    Optional<Supplier<Embedder>> pair = Optional.of(() -> pair(toy("toy-latin"), toy("toy-zh")));

    // an edit asked for is the work at hand: below the bar over an edit (1, the default) the model may not keep it
    assertThat(extract(extractor(ON, pair), request)).isEmpty();
    RuleBasedExtractor over = extractor(ON.with("vectorCorrectionOverEdit", 0.95), pair);
    assertThat(extract(over, request)).singleElement().satisfies(m -> assertThat(m.body()).isEqualTo(request));
    // a one-off stays the work at hand however sure the model
    assertThat(extract(over, "Add a CLI entry point and uv for dependency management this time.")).isEmpty();
  }

  @Test
  void aChineseTurnIsReadByTheChineseModelOfThePair() {
    RuleBasedExtractor extractor = extractor(ON, Optional.of(() -> pair(toy("toy-latin"), toy("toy-zh"))));

    assertThat(Fixtures.rulesOnly(CHINESE)).isEmpty();
    assertThat(extract(extractor, CHINESE)).singleElement()
        .satisfies(m -> assertThat(m.body()).isEqualTo(CHINESE));
    assertThat(extract(extractor, "测试的事情统一走 pytest。")).isEmpty();
    assertThat(extractor.withoutVectors()).isEmpty();
  }

  @Test
  void withoutAnEmbedderTheRulesPathStaysAndSaysSo() {
    RuleBasedExtractor extractor = extractor(ON, Optional.empty());

    assertThat(extract(extractor, PREFERENCE)).isEmpty();
    assertThat(extractor.withoutVectors()).singleElement().asString()
        .contains("no embedding model here", "toy-latin", "the rules and the model of words judged them");
    // what the rules read stands: a correction with its alternative and reason is written as they read it
    assertThat(extract(extractor, "Don't use npm in this repo, use pnpm because the lockfile is pnpm's."))
        .anySatisfy(m -> assertThat(m.body()).contains("npm", "pnpm"));
  }

  @Test
  void aModelNotInstalledFallsBackForItsScriptAlone() {
    RuleBasedExtractor extractor = extractor(ON, Optional.of(() -> toy("toy-latin")));

    assertThat(extract(extractor, PREFERENCE)).hasSize(1);
    assertThat(extract(extractor, CHINESE)).isEmpty();
    assertThat(extractor.withoutVectors()).singleElement().asString()
        .contains("toy-zh", "is not installed", "Chinese");
  }

  @Test
  void anEmbedderThatFailsToLoadLeavesTheRulesPathAndSaysWhy() {
    RuleBasedExtractor extractor = extractor(ON, Optional.of(() -> {
      throw new IllegalStateException("the embedding model toy-latin is not in this build");
    }));

    assertThat(extract(extractor, PREFERENCE)).isEmpty();
    assertThat(extractor.withoutVectors()).singleElement().asString()
        .contains("could not be loaded", "not in this build");
  }

  @Test
  void whereItsThresholdsAreOffTheEmbedderIsNeverAskedFor() {
    RuleBasedExtractor extractor = extractor(ExtractionSettings.DEFAULTS.with("vectorCorrectionMin", 1.0)
        .with("vectorCorrectionKeep", 0.0).with("vectorCorrectionMinHan", 1.0).with("vectorCorrectionKeepHan", 0.0),
        Optional.of(() -> {
          throw new AssertionError("the embedder was loaded although the vector model is off");
        }));

    assertThat(extract(extractor, PREFERENCE)).isEmpty();
    assertThat(extractor.withoutVectors()).isEmpty();
  }

  @Test
  void vectorWeightsOfAScriptWithoutItsModelLineAreRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CorrectionClassifier(Map.of("__bias", 0.0,
        "v:other:0", 1.0))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("v:other:0");
  }
}
