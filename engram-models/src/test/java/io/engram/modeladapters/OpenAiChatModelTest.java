package io.engram.modeladapters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.model.ChatMessage;
import io.engram.model.ModelException;
import io.engram.model.ModelRequest;
import io.engram.model.ModelResponse;
import io.engram.model.StructuredOutput;
import io.engram.model.StructuredOutputException;
import io.engram.model.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiChatModelTest {
  static final String KEY = "sk-proj-TOPSECRET-abcdef";

  private final ScriptedServer server;

  OpenAiChatModelTest() throws Exception {
    server = new ScriptedServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String answer(String content, int prompt, int completion, int cached) {
    return """
        {"id":"chatcmpl-1","object":"chat.completion","created":1733000000,"model":"llama3.1",
         "choices":[{"index":0,"message":{"role":"assistant","content":%s},"finish_reason":"stop"}],
         "usage":{"prompt_tokens":%d,"completion_tokens":%d,"total_tokens":%d,
                  "prompt_tokens_details":{"cached_tokens":%d}}}
        """.formatted(AnthropicModelTest.quote(content), prompt, completion, prompt + completion, cached);
  }

  private OpenAiChatModel model(Optional<ApiKey> key, Duration timeout, int retries) {
    return new OpenAiChatModel(new ModelEndpoint(Provider.OPENAI, server.baseUrl("/v1"), "llama3.1",
        key, timeout, retries, Duration.ofMillis(20), Duration.ofSeconds(5)));
  }

  private OpenAiChatModel model() {
    return model(Optional.of(ApiKey.of(KEY)), Duration.ofSeconds(5), 3);
  }

  private final ModelRequest request =
      ModelRequest.of("Be brief.", List.of(ChatMessage.user("hi"), ChatMessage.assistant("hello"),
          ChatMessage.user("again")), 64).withCacheablePrefix(1);

  @Test
  void answersWithTextAndUsageWithCachedTokensMovedOutOfTheInput() throws Exception {
    server.reply(200, answer("pong", 1_000, 7, 800));
    ModelResponse response = model().complete(request);
    assertThat(response.text()).isEqualTo("pong");
    assertThat(response.usage()).isEqualTo(new TokenUsage(200, 7, 800, 0));
    assertThat(response.stopReason()).isEqualTo("stop");
    assertThat(response.modelId()).isEqualTo("openai:llama3.1");

    ScriptedServer.Received got = server.received.get(0);
    assertThat(got.path()).isEqualTo("/v1/chat/completions");
    assertThat(got.header("authorization")).isEqualTo("Bearer " + KEY);
    JsonNode body = got.json();
    assertThat(body.get("model").asText()).isEqualTo("llama3.1");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(64);
    assertThat(body.at("/messages/0/role").asText()).isEqualTo("system");
    assertThat(body.at("/messages/0/content").asText()).isEqualTo("Be brief.");
    assertThat(body.at("/messages/2/role").asText()).isEqualTo("assistant");
    assertThat(body.at("/messages/3/content").asText()).isEqualTo("again");
    assertThat(got.body()).doesNotContain("cache_control");
  }

  @Test
  void localServerWithoutKeyGetsNoAuthorizationHeader() {
    server.reply(200, "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},"
        + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}");
    ModelResponse response = model(Optional.empty(), Duration.ofSeconds(5), 0).complete(request);
    assertThat(response.usage()).isEqualTo(new TokenUsage(3, 1, 0, 0));
    assertThat(server.received.get(0).header("authorization")).isNull();
  }

  @Test
  void malformedJsonFromTheModelIsRetriedOnceThenFailsCleanly() {
    server.reply(200, answer("```json\n{\"picked\": [1, 2,\n```", 10, 3, 0))
        .reply(200, answer("I picked files 1 and 2.", 12, 3, 0));
    assertThatThrownBy(() -> StructuredOutput.askObject(model(), request, List.of("picked")))
        .isInstanceOf(StructuredOutputException.class)
        .hasMessageContaining("no usable JSON after 2 attempts");
    assertThat(server.received).hasSize(2);
  }

  @Test
  void malformedThenValidJsonSucceedsOnTheRetry() {
    server.reply(200, answer("{\"picked\": ", 10, 3, 0)).reply(200, answer("{\"picked\": [3]}", 12, 3, 0));
    assertThat(StructuredOutput.askObject(model(), request, List.of("picked")).value().at("/picked/0").asInt())
        .isEqualTo(3);
  }

  @Test
  void rateLimitHonoursRetryAfterMs() {
    server.reply(429, Map.of("retry-after-ms", "300"),
            "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}", 0)
        .reply(200, answer("ok", 1, 1, 0));
    long start = System.nanoTime();
    assertThat(model().complete(request).text()).isEqualTo("ok");
    assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(300);
  }

  @Test
  void rateLimitThatOutlastsRetriesIsReported() {
    String limited = "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}";
    server.reply(429, limited).reply(429, limited);
    assertThatThrownBy(() -> model(Optional.of(ApiKey.of(KEY)), Duration.ofSeconds(5), 1).complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.RATE_LIMITED);
          assertThat(e.getMessage()).contains("requests: Rate limit reached");
        });
  }

  @Test
  void serverErrorIsRetried() {
    server.reply(502, "Bad Gateway").reply(200, answer("ok", 1, 1, 0));
    assertThat(model().complete(request).text()).isEqualTo("ok");
    assertThat(server.received).hasSize(2);
  }

  @Test
  void wrongKeyIsAClearAuthenticationErrorThatNeverShowsTheKey() {
    server.reply(401, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
        + ".\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}");
    assertThatThrownBy(() -> model().complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.AUTHENTICATION);
          assertThat(e.getMessage()).contains("Incorrect API key provided: ***").doesNotContain("TOPSECRET");
        });
    assertThat(server.received).hasSize(1);
  }

  @Test
  void unknownModelOnOllamaIsAnInvalidRequestWithTheServersMessage() {
    server.reply(404, "{\"error\":\"model \\\"llama9\\\" not found, try pulling it first\"}");
    assertThatThrownBy(() -> model().complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.INVALID_REQUEST);
          assertThat(e.getMessage()).contains("HTTP 404").contains("try pulling it first");
        });
  }

  @Test
  void slowServerIsATimeOut() {
    server.reply(200, Map.of(), answer("late", 1, 1, 0), 1_500);
    assertThatThrownBy(() -> model(Optional.empty(), Duration.ofMillis(300), 2).complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.TIMEOUT);
          assertThat(e.getMessage()).contains("openai:llama3.1");
        });
  }

  @Test
  void unreachableServerIsATransportErrorAfterRetries() {
    server.close();
    assertThatThrownBy(() -> model(Optional.empty(), Duration.ofSeconds(2), 1).complete(request))
        .isInstanceOfSatisfying(ModelException.class,
            e -> assertThat(e.kind()).isEqualTo(ModelException.Kind.TRANSPORT));
  }
}
