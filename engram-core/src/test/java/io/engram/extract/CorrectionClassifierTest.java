package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CorrectionClassifierTest {

  private static CorrectionClassifier.Example example(String text, boolean positive) {
    return new CorrectionClassifier.Example(CorrectionClassifier.features(text, Optional.empty()), positive);
  }

  private static List<CorrectionClassifier.Example> toySet() {
    List<CorrectionClassifier.Example> set = new ArrayList<>();
    for (String tool : List.of("npm", "yarn", "gradle", "pip", "poetry", "maven")) {
      set.add(example("Never use " + tool + " in this repo, we standardised on something else.", true));
      set.add(example("Can you run " + tool + " install and tell me what breaks?", false));
    }
    set.add(example("以后不要用 npm，统一用 pnpm。", true));
    set.add(example("帮我看看这个报错是什么意思？", false));
    return set;
  }

  @Test
  void learnsToTellAStandingRuleFromARequestOnTurnsItNeverSaw() {
    CorrectionClassifier model = CorrectionClassifier.train(toySet(), 1e-3, 300);

    assertThat(model.probability("Never use bower here, we standardised on something else.", Optional.empty()))
        .isGreaterThan(0.7);
    assertThat(model.probability("Can you run bower install and tell me what breaks?", Optional.empty()))
        .isLessThan(0.3);
  }

  @Test
  void trainingIsDeterministic() {
    CorrectionClassifier a = CorrectionClassifier.train(toySet(), 1e-3, 50);
    CorrectionClassifier b = CorrectionClassifier.train(toySet(), 1e-3, 50);
    String turn = "Never use pip, use uv.";
    assertThat(a.probability(turn, Optional.empty())).isEqualTo(b.probability(turn, Optional.empty()));
  }

  @Test
  void weightsWrittenAndReadBackGiveTheSameProbabilities() throws IOException {
    CorrectionClassifier model = CorrectionClassifier.train(toySet(), 1e-3, 100);
    StringWriter out = new StringWriter();
    model.write(out);
    CorrectionClassifier back = CorrectionClassifier.read(
        new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)));

    for (String turn : List.of("Never use npm.", "以后不要用 yarn。", "What does this error mean?")) {
      assertThat(back.probability(turn, Optional.empty()))
          .isCloseTo(model.probability(turn, Optional.empty()), org.assertj.core.data.Offset.offset(1e-3));
    }
  }

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
}
