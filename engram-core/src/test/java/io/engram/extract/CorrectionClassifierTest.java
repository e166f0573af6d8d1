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
}
