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

class AnthropicModelTest {
  static final String KEY = "sk-ant-test-SECRET-1234567890";

  private final ScriptedServer server;

  AnthropicModelTest() throws Exception {
    server = new ScriptedServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String answer(String text, int input, int output, int cacheRead, int cacheWrite) {
    return """
        {"id":"msg_01","type":"message","role":"assistant","model":"claude-test",
         "content":[{"type":"text","text":%s}],
         "stop_reason":"end_turn","stop_sequence":null,
         "usage":{"input_tokens":%d,"output_tokens":%d,
                  "cache_read_input_tokens":%d,"cache_creation_input_tokens":%d}}
        """.formatted(quote(text), input, output, cacheRead, cacheWrite);
  }

  static String quote(String text) {
    return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
  }

  private AnthropicModel model(Duration timeout, int retries) {
    return new AnthropicModel(new ModelEndpoint(Provider.ANTHROPIC, server.baseUrl(""), "claude-test",
        Optional.of(ApiKey.of(KEY)), timeout, retries, Duration.ofMillis(20), Duration.ofSeconds(5)));
  }

  private AnthropicModel model() {
    return model(Duration.ofSeconds(5), 3);
  }

  private final ModelRequest request =
      ModelRequest.of("You extract memories.",
              List.of(ChatMessage.user("transcript so far"), ChatMessage.assistant("ok"), ChatMessage.user("new turn")),
              300)
          .withCacheablePrefix(2);

  @Test
  void answersWithTextUsageAndCacheCountsAndSendsTheRightHeaders() throws Exception {
    server.reply(200, answer("hello", 12, 5, 3_000, 200));
    ModelResponse response = model().complete(request);

    assertThat(response.text()).isEqualTo("hello");
    assertThat(response.usage()).isEqualTo(new TokenUsage(12, 5, 3_000, 200));
    assertThat(response.modelId()).isEqualTo("anthropic:claude-test");
    assertThat(response.stopReason()).isEqualTo("end_turn");
    ScriptedServer.Received got = server.received.get(0);
    assertThat(got.method()).isEqualTo("POST");
    assertThat(got.path()).isEqualTo("/v1/messages");
    assertThat(got.header("x-api-key")).isEqualTo(KEY);
    assertThat(got.header("anthropic-version")).isEqualTo("2023-06-01");
    assertThat(got.header("content-type")).isEqualTo("application/json");
    JsonNode body = got.json();
    assertThat(body.get("model").asText()).isEqualTo("claude-test");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(300);
    assertThat(body.at("/system/0/text").asText()).isEqualTo("You extract memories.");
    assertThat(body.at("/messages/1/role").asText()).isEqualTo("assistant");
  }

  @Test
  void cacheControlMarksTheLastMessageOfTheCacheablePrefixOnly() throws Exception {
    server.reply(200, answer("x", 1, 1, 0, 0));
    model().complete(request);
    JsonNode body = server.received.get(0).json();
    assertThat(body.at("/messages/1/content/0/cache_control/type").asText()).isEqualTo("ephemeral");
    assertThat(body.at("/messages/0/content/0").has("cache_control")).isFalse();
    assertThat(body.at("/messages/2/content/0").has("cache_control")).isFalse();
    assertThat(body.at("/system/0").has("cache_control")).isFalse();
  }

  @Test
  void cacheableSystemAloneIsMarkedOnTheSystemBlock() throws Exception {
    server.reply(200, answer("x", 1, 1, 0, 0)).reply(200, answer("x", 1, 1, 0, 0));
    model().complete(ModelRequest.of("sys", "q", 10).withCacheablePrefix(0));
    model().complete(ModelRequest.of("sys", "q", 10));
    assertThat(server.received.get(0).json().at("/system/0/cache_control/type").asText()).isEqualTo("ephemeral");
    assertThat(server.received.get(1).body()).doesNotContain("cache_control");
  }

  @Test
  void malformedJsonFromTheModelIsRetriedOnceThenFailsCleanly() {
    server.reply(200, answer("Sure! Here are the memories: none", 10, 5, 0, 0))
        .reply(200, answer("{\"memories\": [", 20, 5, 0, 0));
    assertThatThrownBy(() -> StructuredOutput.askObject(model(), request, List.of("memories")))
        .isInstanceOfSatisfying(StructuredOutputException.class, e -> {
          assertThat(e.attempts()).isEqualTo(2);
          assertThat(e.usage()).isEqualTo(new TokenUsage(30, 10, 0, 0));
        });
    assertThat(server.received).hasSize(2);
    assertThat(server.received.get(1).body()).contains("could not be used").contains("Sure! Here are the memories");
  }

  @Test
  void rateLimitIsRetriedAfterTheServersRetryAfter() {
    server.reply(429, Map.of("retry-after", "1"),
            "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}", 0)
        .reply(200, answer("after wait", 1, 1, 0, 0));
    long start = System.nanoTime();
    ModelResponse response = model().complete(request);
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertThat(response.text()).isEqualTo("after wait");
    assertThat(server.received).hasSize(2);
    assertThat(elapsedMs).isGreaterThanOrEqualTo(1_000);
  }

  @Test
  void retryAfterLongerThanTheLimitFailsAtOnce() {
    server.reply(429, Map.of("retry-after", "120"),
        "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"daily quota\"}}", 0);
    assertThatThrownBy(() -> model().complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.RATE_LIMITED);
          assertThat(e.getMessage()).contains("daily quota").contains("retry after 120s");
        });
    assertThat(server.received).hasSize(1);
  }

  @Test
  void serverErrorsAreRetriedWithBackoffAndReportedWhenRetriesRunOut() {
    server.reply(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")
        .reply(500, "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"boom\"}}")
        .reply(200, answer("third time", 1, 1, 0, 0));
    assertThat(model().complete(request).text()).isEqualTo("third time");

    server.reply(503, "upstream down").reply(503, "upstream down");
    assertThatThrownBy(() -> model(Duration.ofSeconds(5), 1).complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.SERVER);
          assertThat(e.getMessage()).contains("HTTP 503 after 1 retries").contains("upstream down");
        });
    assertThat(server.received).hasSize(5);
  }

  @Test
  void wrongKeyIsAClearAuthenticationErrorThatNeverShowsTheKey() {
    server.reply(401, "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\","
        + "\"message\":\"invalid x-api-key " + KEY + "\"}}");
    AnthropicModel model = model();
    assertThatThrownBy(() -> model.complete(request))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.kind()).isEqualTo(ModelException.Kind.AUTHENTICATION);
          assertThat(e.getMessage()).contains("HTTP 401").contains("authentication_error")
              .contains("check the API key").doesNotContain(KEY).doesNotContain("SECRET");
        });
    assertThat(server.received).hasSize(1);
    assertThat(model.toString()).doesNotContain(KEY).contains("key set");
  }

  @Test
  void slowServerIsATimeOutAndIsNotRetried() {
    server.reply(200, Map.of(), answer("too late", 1, 1, 0, 0), 1_500);
    long start = System.nanoTime();
    assertThatThrownBy(() -> model(Duration.ofMillis(300), 3).complete(request))
        .isInstanceOfSatisfying(ModelException.class,
            e -> assertThat(e.kind()).isEqualTo(ModelException.Kind.TIMEOUT));
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1_400);
    assertThat(server.received).hasSize(1);
  }

  @Test
  void bodyThatIsNotJsonIsABadAnswer() {
    server.reply(200, "<html>proxy error</html>");
    assertThatThrownBy(() -> model().complete(request))
        .isInstanceOfSatisfying(ModelException.class,
            e -> assertThat(e.kind()).isEqualTo(ModelException.Kind.BAD_ANSWER));
  }
}
