package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CorrectionTrainingTest {

  private static CorrectionTraining.Example example(String text, boolean positive) {
    return new CorrectionTraining.Example(CorrectionClassifier.features(text, Optional.empty()), positive);
  }

  private static List<CorrectionTraining.Example> toySet() {
    List<CorrectionTraining.Example> set = new ArrayList<>();
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
    CorrectionClassifier model = CorrectionTraining.train(toySet(), 1e-3, 300);

    assertThat(model.probability("Never use bower here, we standardised on something else.", Optional.empty()))
        .isGreaterThan(0.7);
    assertThat(model.probability("Can you run bower install and tell me what breaks?", Optional.empty()))
        .isLessThan(0.3);
  }

  @Test
  void aRefitFromPriorWeightsKeepsWhatTheyTaughtWhereTheNewExamplesSayNothing() {
    // what a lost set taught: "overengineering" marks a correction
    CorrectionClassifier prior = new CorrectionClassifier(java.util.Map.of("__bias", -2.0, "w:overengineering", 5.0));
    String unseen = "You are overengineering the parser.";

    CorrectionClassifier refitted = CorrectionTraining.train(toySet(), 1e-3, 300, prior, java.util.Set.of());
    CorrectionClassifier fromNothing = CorrectionTraining.train(toySet(), 1e-3, 300);

    assertThat(refitted.probability(unseen, Optional.empty())).isGreaterThan(0.7);
    assertThat(fromNothing.probability(unseen, Optional.empty())).isLessThan(0.5);
    // and it still learns the new examples
    assertThat(refitted.probability("Can you run bower install and tell me what breaks?", Optional.empty()))
        .isLessThan(0.3);
  }

  @Test
  void trainingIsDeterministic() {
    CorrectionClassifier a = CorrectionTraining.train(toySet(), 1e-3, 50);
    CorrectionClassifier b = CorrectionTraining.train(toySet(), 1e-3, 50);
    String turn = "Never use pip, use uv.";
    assertThat(a.probability(turn, Optional.empty())).isEqualTo(b.probability(turn, Optional.empty()));
  }

  @Test
  void weightsWrittenAndReadBackGiveTheSameProbabilities() throws IOException {
    CorrectionClassifier model = CorrectionTraining.train(toySet(), 1e-3, 100);
    StringWriter out = new StringWriter();
    CorrectionTraining.write(model, out);
    CorrectionClassifier back = CorrectionClassifier.read(
        new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)));

    for (String turn : List.of("Never use npm.", "以后不要用 yarn。", "What does this error mean?")) {
      assertThat(back.probability(turn, Optional.empty()))
          .isCloseTo(model.probability(turn, Optional.empty()), org.assertj.core.data.Offset.offset(1e-3));
    }
  }

  // A vector read off the turn's words, as a stand-in for a sentence embedder: a direction for "dependency", another
  // for anything else.
  private static CorrectionTraining.Example withVector(String text, boolean positive) {
    float[] v = text.contains("dependenc") ? new float[] {0.8f, 0.6f} : new float[] {0.6f, -0.8f};
    return new CorrectionTraining.Example(CorrectionClassifier.features(text, Optional.empty()),
        Optional.of(new TurnVector("other", "toy", v)), positive);
  }

  @Test
  void learnsFromTheTurnsVectorWhereTheWordsSayNothingAndWritesWhichModelItRead() throws IOException {
    List<CorrectionTraining.Example> set = new ArrayList<>();
    for (String tool : List.of("uv", "poetry", "pdm", "hatch", "pipenv", "conda")) {
      set.add(withVector(tool + " for dependency management in this project.", true));
      set.add(withVector(tool + " for the release notes of this project.", false));
    }
    CorrectionClassifier model = CorrectionTraining.train(set, 1e-3, 300, new CorrectionClassifier(java.util.Map.of()),
        java.util.Set.of());
    java.util.Set<String> unseen = CorrectionClassifier.features("rye to keep dependencies pinned here.",
        Optional.empty());

    assertThat(model.vectorModels()).containsEntry("other", "toy");
    assertThat(model.probability(unseen, Optional.of(new TurnVector("other", "toy", new float[] {0.8f, 0.6f}))))
        .isGreaterThan(0.7);
    assertThat(model.probability(unseen, Optional.of(new TurnVector("other", "toy", new float[] {0.6f, -0.8f}))))
        .isLessThan(0.5);
    // a vector of another model says nothing to these weights
    double words = model.probability(unseen, Optional.empty());
    assertThat(model.probability(unseen, Optional.of(new TurnVector("other", "another", new float[] {0.8f, 0.6f}))))
        .isEqualTo(words);

    StringWriter out = new StringWriter();
    CorrectionTraining.write(model, out);
    assertThat(out.toString()).contains("__vector:other:toy\t", "v:other:0\t", "v:other:1\t");
    CorrectionClassifier back = CorrectionClassifier.read(
        new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)));
    TurnVector v = new TurnVector("other", "toy", new float[] {0.8f, 0.6f});
    assertThat(back.probability(unseen, Optional.of(v)))
        .isCloseTo(model.probability(unseen, Optional.of(v)), org.assertj.core.data.Offset.offset(1e-3));
  }
}
