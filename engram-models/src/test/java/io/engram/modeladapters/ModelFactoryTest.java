package io.engram.modeladapters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.config.GovernorSettings;
import io.engram.config.ModelSettings;
import io.engram.model.Answered;
import io.engram.model.Engine;
import io.engram.model.ModelException;
import io.engram.model.ModelRequest;
import io.engram.model.ModelRouter;
import io.engram.model.Purpose;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFactoryTest {
  private final ModelSettings defaults = ModelSettings.DEFAULTS;

  @Test
  void offlineIsTheDefault() {
    assertThat(ModelFactory.create(defaults, Map.of())).isEmpty();
    assertThat(ModelFactory.create(defaults, Map.of("ENGRAM_MODEL", "offline"))).isEmpty();
  }

  @Test
  void engramModelChoosesProviderAndModelWithColonsInTheName() {
    ModelEndpoint endpoint =
        ModelFactory.endpoint(defaults, Map.of("ENGRAM_MODEL", "openai:llama3.1:8b",
            "OPENAI_BASE_URL", "http://localhost:11434/v1")).orElseThrow();
    assertThat(endpoint.provider()).isEqualTo(Provider.OPENAI);
    assertThat(endpoint.model()).isEqualTo("llama3.1:8b");
    assertThat(endpoint.baseUrl()).hasToString("http://localhost:11434/v1");
    assertThat(endpoint.apiKey()).isEmpty();
    assertThat(endpoint.timeout()).hasSeconds(60);
    assertThat(endpoint.maxRetries()).isEqualTo(3);
  }

  @Test
  void settingsChooseTheModelWhenTheEnvironmentDoesNot() {
    ModelSettings settings = new ModelSettings("anthropic", "claude-sonnet-4-5", "", 30, 2, 4_096, 250, 10);
    ModelEndpoint endpoint =
        ModelFactory.endpoint(settings, Map.of("ANTHROPIC_API_KEY", "sk-ant-xyz")).orElseThrow();
    assertThat(endpoint.id()).isEqualTo("anthropic:claude-sonnet-4-5");
    assertThat(endpoint.baseUrl()).hasToString("https://api.anthropic.com");
    assertThat(endpoint.toString()).doesNotContain("sk-ant-xyz");
    assertThat(endpoint.initialBackoff()).hasMillis(250);
    assertThat(endpoint.maxRetryAfter()).hasSeconds(10);
    assertThat(ModelFactory.adapter(endpoint)).isInstanceOf(AnthropicModel.class);
  }

  @Test
  void missingKeyOrNameOrUnknownProviderIsAConfigurationErrorNamingTheFix() {
    assertThatThrownBy(() -> ModelFactory.create(defaults, Map.of("ENGRAM_MODEL", "anthropic:claude-sonnet-4-5")))
        .isInstanceOfSatisfying(ModelException.class,
            e -> assertThat(e.kind()).isEqualTo(ModelException.Kind.CONFIGURATION))
        .hasMessageContaining("ANTHROPIC_API_KEY");
    assertThatThrownBy(() -> ModelFactory.create(defaults, Map.of("ENGRAM_MODEL", "openai:gpt-4o")))
        .hasMessageContaining("OPENAI_API_KEY");
    assertThatThrownBy(() -> ModelFactory.create(defaults, Map.of("ENGRAM_MODEL", "openai")))
        .hasMessageContaining("no model name");
    assertThatThrownBy(() -> ModelFactory.create(defaults, Map.of("ENGRAM_MODEL", "gemini:pro")))
        .hasMessageContaining("unknown model provider 'gemini'");
    assertThatThrownBy(() -> ModelFactory.create(defaults,
            Map.of("ENGRAM_MODEL", "openai:x", "OPENAI_BASE_URL", "localhost:8000")))
        .hasMessageContaining("not valid");
  }

  @Test
  void unusableConfigurationGivesAnOfflineRouterThatSaysWhy(@TempDir Path home) {
    ModelRouter router = ModelFactory.router(EngramSettings.DEFAULTS, home,
        Map.of("ENGRAM_MODEL", "anthropic:claude-sonnet-4-5"), "s1");
    Answered<String> answer = router.run(Purpose.INIT, false, m -> "model", () -> "offline");
    assertThat(answer.engine()).isEqualTo(Engine.OFFLINE);
    assertThat(answer.fallbackReason()).get().asString().contains("ANTHROPIC_API_KEY");
  }

  @Test
  void configuredRouterAnswersThroughTheServerAndFallsBackWhenItFails(@TempDir Path home) throws Exception {
    try (ScriptedServer server = new ScriptedServer()) {
      server.reply(200, OpenAiChatModelTest.answer("re-ranked", 50, 5, 0))
          .reply(400, "{\"error\":{\"message\":\"context too long\",\"type\":\"invalid_request_error\"}}");
      Map<String, String> env = Map.of("ENGRAM_MODEL", "openai:qwen2.5",
          "OPENAI_BASE_URL", server.baseUrl("/v1").toString());
      ModelRouter router = ModelFactory.router(EngramSettings.DEFAULTS, home, env, "sess-9");
      assertThat(router.engineId()).isEqualTo("openai:qwen2.5");

      Answered<String> ok = router.run(Purpose.RECALL_RERANK, true,
          m -> m.complete(ModelRequest.of("", "rank", 10)).text(), () -> "bm25 order");
      assertThat(ok.engine()).isEqualTo(Engine.MODEL);
      assertThat(ok.value()).isEqualTo("re-ranked");

      Answered<String> failed = router.run(Purpose.RECALL_RERANK, true,
          m -> m.complete(ModelRequest.of("", "rank", 10)).text(), () -> "bm25 order");
      assertThat(failed.value()).isEqualTo("bm25 order");
      assertThat(failed.fallbackReason()).get().asString()
          .contains("invalid_request").contains("context too long");
    }
    assertThat(new io.engram.model.CostGovernor(home, GovernorSettings.DEFAULTS).report()
        .sessions().get(0).background().total()).isEqualTo(55);
  }
}
