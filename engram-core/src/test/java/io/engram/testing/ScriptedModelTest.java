package io.engram.testing;

import static io.engram.testing.ScriptedModel.asking;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.model.ChatMessage;
import io.engram.model.ModelException;
import io.engram.model.ModelRequest;
import io.engram.model.ModelResponse;
import io.engram.model.TokenUsage;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptedModelTest {

  private static ModelRequest ask(String text) {
    return ModelRequest.of("system says", text, 100);
  }

  @Test
  void queuedAnswersArePlayedInOrderWithTheirUsageAndStopReason() {
    ScriptedModel model = new ScriptedModel()
        .answers("one", "two")
        .answers("three", new TokenUsage(7, 3, 2, 1))
        .answersCutOff("four, cut");

    ModelResponse first = model.complete(ask("a"));
    assertThat(first.text()).isEqualTo("one");
    assertThat(first.usage()).isEqualTo(ScriptedModel.DEFAULT_USAGE);
    assertThat(first.modelId()).isEqualTo("scripted:test");
    assertThat(first.stopReason()).isEqualTo("end_turn");
    assertThat(model.complete(ask("b")).text()).isEqualTo("two");
    assertThat(model.complete(ask("c")).usage()).isEqualTo(new TokenUsage(7, 3, 2, 1));
    ModelResponse cut = model.complete(ask("d"));
    assertThat(cut.text()).isEqualTo("four, cut");
    assertThat(cut.stopReason()).isEqualTo("max_tokens");
    assertThat(model.unused()).isZero();
  }

  @Test
  void everyRequestIsRecordedInOrderAndItsTextCanBeSearched() {
    ScriptedModel model = new ScriptedModel().answers("x", "y");
    model.complete(ask("first question"));
    model.complete(ModelRequest.of("other system",
        List.of(ChatMessage.user("second"), ChatMessage.assistant("earlier answer")), 50));

    assertThat(model.requests()).hasSize(2);
    assertThat(model.request(0).messages().get(0).text()).isEqualTo("first question");
    assertThat(model.request(1).maxTokens()).isEqualTo(50);
    assertThat(model.sentText())
        .contains("system says", "first question", "other system", "second", "earlier answer")
        .doesNotContain("sk-ant-");
    assertThatThrownBy(() -> model.request(2)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("received 2 request(s), not 3");
  }

  @Test
  void theRecordedListIsASnapshot() {
    ScriptedModel model = new ScriptedModel().answers("x", "y");
    model.complete(ask("a"));
    List<ModelRequest> before = model.requests();
    model.complete(ask("b"));
    assertThat(before).hasSize(1);
    assertThatThrownBy(() -> before.add(ask("c"))).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aRequestBeyondTheScriptFailsTheTestAndSaysWhatWasAsked() {
    ScriptedModel model = new ScriptedModel().answers("only one");
    model.complete(ask("a"));
    assertThatThrownBy(() -> model.complete(ask("what is the deploy day?")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("model called more often than scripted")
        .hasMessageContaining("request 2")
        .hasMessageContaining("what is the deploy day?");
    assertThat(model.requests()).hasSize(2);
  }

  @Test
  void scriptedFailuresAreThrownInTheirTurn() {
    ModelException overloaded = new ModelException(ModelException.Kind.SERVER, "overloaded");
    ScriptedModel model = new ScriptedModel()
        .fails(overloaded)
        .fails(ModelException.Kind.BUDGET_EXHAUSTED, "cap reached")
        .timesOut()
        .answers("recovered");

    assertThatThrownBy(() -> model.complete(ask("a"))).isSameAs(overloaded);
    assertThatThrownBy(() -> model.complete(ask("b"))).isInstanceOfSatisfying(ModelException.class, e -> {
      assertThat(e.kind()).isEqualTo(ModelException.Kind.BUDGET_EXHAUSTED);
      assertThat(e).hasMessage("cap reached");
    });
    assertThatThrownBy(() -> model.complete(ask("c"))).isInstanceOfSatisfying(ModelException.class,
        e -> assertThat(e.kind()).isEqualTo(ModelException.Kind.TIMEOUT));
    assertThat(model.complete(ask("d")).text()).isEqualTo("recovered");
  }

  @Test
  void httpStatusesBecomeTheKindsTheAdaptersReport() {
    ScriptedModel model = new ScriptedModel();
    int[] statuses = {401, 403, 408, 429, 500, 529, 400, 404};
    for (int status : statuses) {
      model.failsWithHttpStatus(status, "scripted error");
    }
    List<ModelException.Kind> kinds = new java.util.ArrayList<>();
    for (int ignored : statuses) {
      try {
        model.complete(ask("q"));
      } catch (ModelException e) {
        kinds.add(e.kind());
        assertThat(e.getMessage()).startsWith("HTTP ").endsWith(": scripted error");
      }
    }
    assertThat(kinds).containsExactly(ModelException.Kind.AUTHENTICATION, ModelException.Kind.AUTHENTICATION,
        ModelException.Kind.TIMEOUT, ModelException.Kind.RATE_LIMITED, ModelException.Kind.SERVER,
        ModelException.Kind.SERVER, ModelException.Kind.INVALID_REQUEST, ModelException.Kind.INVALID_REQUEST);
    assertThatThrownBy(() -> model.failsWithHttpStatus(200, "ok")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("200");
  }

  @Test
  void matchingRulesAnswerEveryRequestTheyAcceptBeforeTheQueue() {
    ScriptedModel model = new ScriptedModel()
        .answersWhen(asking("rerank"), "[\"a.md\"]")
        .failsWhen(request -> request.maxTokens() > 1_000,
            new ModelException(ModelException.Kind.INVALID_REQUEST, "too long"))
        .answers("queued");

    assertThat(model.complete(ask("please rerank these")).text()).isEqualTo("[\"a.md\"]");
    assertThat(model.complete(ask("rerank again")).text()).isEqualTo("[\"a.md\"]");
    assertThatThrownBy(() -> model.complete(ModelRequest.of("sys", "long one", 4_000)))
        .isInstanceOf(ModelException.class).hasMessage("too long");
    assertThat(model.unused()).isEqualTo(1);
    assertThat(model.complete(ask("something else")).text()).isEqualTo("queued");
    assertThat(model.complete(ask("system-wide rerank")).text()).isEqualTo("[\"a.md\"]");
  }

  @Test
  void theMatcherSearchesTheSystemTextToo() {
    ScriptedModel model = new ScriptedModel().answersWhen(asking("system says"), "matched");
    assertThat(model.complete(ask("anything")).text()).isEqualTo("matched");
  }

  @Test
  void aNamedModelReportsItsId() {
    ScriptedModel model = ScriptedModel.withId("fake:scripted").answers("x");
    assertThat(model.id()).isEqualTo("fake:scripted");
    assertThat(model.complete(ask("q")).modelId()).isEqualTo("fake:scripted");
  }
}
