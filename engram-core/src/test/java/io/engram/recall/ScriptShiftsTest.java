package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScriptShiftsTest {
  /**
   * Two embedding models in one, as the pair is: reads what a text means in either language (a reference prompt and
   * its translation mean the same; dogs and taxes), and also, as a real model does, its script: any two Chinese texts
   * share a component that a Chinese and an English text do not.
   */
  static final class ScriptMindedModel implements Embedder {
    private static final int PROMPTS = RelevanceAnchors.texts(Script.LATIN).size();

    @Override
    public float[] embed(String text) {
      float[] v = new float[PROMPTS + 4];
      int prompt = Math.max(RelevanceAnchors.texts(Script.LATIN).indexOf(text),
          RelevanceAnchors.texts(Script.CJK).indexOf(text));
      if (prompt >= 0) {
        v[prompt] = 1;
      }
      v[PROMPTS] = mentions(text, "dog", "狗");
      v[PROMPTS + 1] = mentions(text, "tax", "税");
      v[Script.of(text) == Script.CJK ? PROMPTS + 2 : PROMPTS + 3] = 1.5f;
      return v;
    }

    @Override
    public List<Embedder> models() {
      return List.of(this, this); // two models: the pair is calibrated, a single model is not
    }

    @Override
    public int dimension() {
      return PROMPTS + 4;
    }

    private static float mentions(String text, String english, String chinese) {
      return text.toLowerCase(Locale.ROOT).contains(english) || text.contains(chinese) ? 1 : 0;
    }
  }

  @Test
  void aCosineAcrossScriptsIsMappedSoThatUnrelatedAndTranslatedPromptsMeetWhereTheyDoInOneScript() {
    ScriptMindedModel model = new ScriptMindedModel();
    // In one script, a prompt meets itself at 1 and another prompt at 2.25 / 3.25 (the script's share); across
    // scripts, its translation at 1 / 3.25 and another prompt at 0.
    ScriptShifts.Calibration calibration = ScriptShifts.between(ScriptShifts.within(model, model, Script.CJK),
        List.of(ScriptShifts.across(model, model, Script.CJK)));

    assertThat(calibration.apply(0)).isCloseTo(2.25 / 3.25, within(1e-6));
    assertThat(calibration.apply(1 / 3.25)).isCloseTo(1.0, within(1e-6));
    assertThat(ScriptShifts.between(ScriptShifts.within(model, model, Script.LATIN),
        List.of(ScriptShifts.across(model, model, Script.LATIN))).apply(0)).isCloseTo(2.25 / 3.25, within(1e-6));
  }

  @Test
  void theReferencePromptsOfTheTwoScriptsArePairedOneToOne() {
    assertThat(RelevanceAnchors.texts(Script.CJK)).hasSameSizeAs(RelevanceAnchors.texts(Script.LATIN))
        .allMatch(t -> Script.of(t) == Script.CJK);
    assertThat(RelevanceAnchors.texts(Script.LATIN)).allMatch(t -> Script.of(t) == Script.LATIN);
  }

  @Test
  void aChineseQuestionFindsTheEnglishMemoryThatAnswersItAboveAChineseOneThatDoesNot() {
    ScriptMindedModel model = new ScriptMindedModel();
    InMemorySearchIndex index = new InMemorySearchIndex();
    new RecallIndex(index, Optional.of(model)).sync(List.of(
        RecallFixtures.doc("dog-park", "The dog park opens at seven."), RecallFixtures.doc("tax-office", "税务局九点开门。")));
    String question = "狗公园几点开门？";
    float[] vector = model.embedQuery(question);

    List<SearchIndex.Hit> plain = index.vectorSearch(vector, 2);
    List<SearchIndex.Hit> calibrated = SecondReadings.search(index, model, question, vector, 2,
        id -> id.equals("dog-park"));

    assertThat(plain.get(0).id()).isEqualTo("tax-office");
    assertThat(calibrated).extracting(SearchIndex.Hit::id).containsExactly("dog-park", "tax-office");
    // The ranking is calibrated; the relevance floor still judges the memory's own cosine.
    assertThat(calibrated.get(0).cosine()).isCloseTo(plain.get(1).score(), within(1e-6));
    assertThat(calibrated.get(1)).isEqualTo(plain.get(0));
  }
}
