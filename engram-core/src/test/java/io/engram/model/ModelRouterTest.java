package io.engram.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.GovernorSettings;
import io.engram.testing.ScriptedModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelRouterTest {
  @TempDir Path home;

  private CostGovernor governor(long sessionCap) {
    return new CostGovernor(home, new GovernorSettings(sessionCap, 1_000_000, 31));
  }

  private static String ask(LanguageModel model) {
    return model.complete(ModelRequest.of("sys", "hi", 50)).text();
  }

  @Test
  void offlineByChoiceRunsTheOfflinePathWithoutAFallbackReason() {
    Answered<String> answer =
        ModelRouter.offline().run(Purpose.EXTRACTION, true, m -> {
          throw new AssertionError("no model path when offline");
        }, () -> "rules");
    assertThat(answer.value()).isEqualTo("rules");
    assertThat(answer.engine()).isEqualTo(Engine.OFFLINE);
    assertThat(answer.fallbackReason()).isEmpty();
    assertThat(answer.describe()).isEqualTo("offline");
  }

  @Test
  void unusableConfigurationRunsOfflineAndSaysWhy() {
    Answered<String> answer =
        ModelRouter.unavailable("ANTHROPIC_API_KEY is not set").run(Purpose.DREAM, true, ModelRouterTest::ask, () -> "rules");
    assertThat(answer.engine()).isEqualTo(Engine.OFFLINE);
    assertThat(answer.fallbackReason()).contains("ANTHROPIC_API_KEY is not set");
  }

  @Test
  void modelAnswerIsReportedAndBooked() {
    ScriptedModel model = new ScriptedModel().answers("from model", new TokenUsage(40, 5, 100, 0));
    ModelRouter router = ModelRouter.of(model, governor(1_000), "s1");
    Answered<String> answer = router.run(Purpose.RECALL_RERANK, true, ModelRouterTest::ask, () -> "rules");
    assertThat(answer.value()).isEqualTo("from model");
    assertThat(answer.engine()).isEqualTo(Engine.MODEL);
    assertThat(answer.engineId()).isEqualTo("scripted:test");
    assertThat(answer.usage().total()).isEqualTo(145);
    assertThat(governor(1_000).report().backgroundByPurpose()).containsEntry("RECALL_RERANK", 145L);
  }

  @Test
  void modelErrorFallsBackToOfflineWithTheReason() {
    ScriptedModel model = new ScriptedModel().fails(new ModelException(ModelException.Kind.TIMEOUT, "no answer in 5s"));
    Answered<String> answer =
        ModelRouter.of(model, governor(1_000), "s1").run(Purpose.COMPACTION, false, ModelRouterTest::ask, () -> "extractive");
    assertThat(answer.value()).isEqualTo("extractive");
    assertThat(answer.fallbackReason()).contains("time-out: no answer in 5s");
  }

  @Test
  void reachedCapStopsBackgroundWorkMidJobButNotForegroundWork() {
    ScriptedModel model = new ScriptedModel()
        .answers("one", new TokenUsage(600, 0, 0, 0))
        .answers("two", new TokenUsage(600, 0, 0, 0))
        .answers("fg", new TokenUsage(600, 0, 0, 0));
    ModelRouter router = ModelRouter.of(model, governor(1_000), "s1");
    Answered<String> background =
        router.run(Purpose.EXTRACTION, true, m -> ask(m) + ask(m) + ask(m), () -> "rules");
    assertThat(background.engine()).isEqualTo(Engine.OFFLINE);
    assertThat(background.fallbackReason()).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("budget: session cap of 1000");
    assertThat(background.usage().total()).isEqualTo(1_200);
    assertThat(model.requests()).hasSize(2);

    Answered<String> foreground = router.run(Purpose.OTHER, false, ModelRouterTest::ask, () -> "rules");
    assertThat(foreground.engine()).isEqualTo(Engine.MODEL);
    assertThat(foreground.value()).isEqualTo("fg");
  }

  @Test
  void unusableJsonFallsBackAndStillBooksBothAttempts() {
    ScriptedModel model = new ScriptedModel().answers("nope").answers("still nope");
    ModelRouter router = ModelRouter.of(model, governor(10_000), "s2");
    Answered<String> answer = router.run(Purpose.SESSION_NOTES, true,
        m -> StructuredOutput.askObject(m, ModelRequest.of("sys", "notes", 50), java.util.List.of("state"))
            .value().toString(),
        () -> "template notes");
    assertThat(answer.value()).isEqualTo("template notes");
    assertThat(answer.fallbackReason()).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("unusable answer: scripted:test gave no usable JSON after 2 attempts");
    assertThat(answer.usage().total()).isEqualTo(220);
    assertThat(governor(10_000).report().backgroundByPurpose()).containsEntry("SESSION_NOTES", 220L);
  }

  @Test
  void offlinePathFailureIsNotSwallowed() {
    assertThatThrownBy(() -> ModelRouter.offline().run(Purpose.OTHER, true, m -> "x", () -> {
      throw new IllegalStateException("bug");
    })).hasMessage("bug");
  }
}
