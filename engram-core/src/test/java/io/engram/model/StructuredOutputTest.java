package io.engram.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.testing.ScriptedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructuredOutputTest {
  record Verdict(boolean relevant, String why) {}

  private final ModelRequest request =
      ModelRequest.of("sys", List.of(ChatMessage.user("context"), ChatMessage.user("question")), 200)
          .withCacheablePrefix(1);

  @Test
  void validAnswerIsReturnedAfterOneCall() {
    ScriptedModel model = new ScriptedModel().answers("```json\n{\"relevant\": true, \"why\": \"x\"}\n```");
    Structured<Verdict> answer = StructuredOutput.ask(model, request, Verdict.class);
    assertThat(answer.value()).isEqualTo(new Verdict(true, "x"));
    assertThat(answer.attempts()).isEqualTo(1);
    assertThat(model.requests()).hasSize(1);
  }

  @Test
  void malformedAnswerIsRetriedWithTheErrorShownToTheModel() {
    ScriptedModel model =
        new ScriptedModel().answers("{\"relevant\": true}").answers("{\"relevant\": false, \"why\": \"y\"}");
    Structured<Verdict> answer = StructuredOutput.ask(model, request, Verdict.class);
    assertThat(answer.value().why()).isEqualTo("y");
    assertThat(answer.attempts()).isEqualTo(2);
    assertThat(answer.usage()).isEqualTo(new TokenUsage(200, 20, 0, 0));
    ModelRequest retry = model.requests().get(1);
    assertThat(retry.messages()).hasSize(4);
    assertThat(retry.messages().get(2)).isEqualTo(ChatMessage.assistant("{\"relevant\": true}"));
    assertThat(retry.messages().get(3).text()).contains("could not be used").contains("why");
    assertThat(retry.cacheablePrefix()).isEqualTo(1);
    assertThat(retry.cacheSystem()).isTrue();
  }

  @Test
  void secondFailureIsATypedExceptionWithTheUsageOfBothAttempts() {
    ScriptedModel model = new ScriptedModel().answers("no idea").answers("still {broken");
    assertThatThrownBy(() -> StructuredOutput.ask(model, request, Verdict.class))
        .isInstanceOfSatisfying(
            StructuredOutputException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ModelException.Kind.BAD_ANSWER);
              assertThat(e.attempts()).isEqualTo(2);
              assertThat(e.lastAnswer()).isEqualTo("still {broken");
              assertThat(e.usage().total()).isEqualTo(220);
              assertThat(e.getMessage()).contains("scripted:test").contains("not valid JSON");
            });
  }

  @Test
  void requiredFieldsAreCheckedOnATree() {
    ScriptedModel model = new ScriptedModel().answers("{\"a\": 1}").answers("{\"a\": 1, \"b\": [2]}");
    Structured<com.fasterxml.jackson.databind.JsonNode> answer =
        StructuredOutput.askObject(model, request, List.of("a", "b"));
    assertThat(answer.value().get("b").get(0).asInt()).isEqualTo(2);
    assertThat(model.requests().get(1).messages().get(3).text()).contains("missing required field(s): b");
  }
}
