package io.engram.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/** A language model for tests that answers from a script and remembers every request. */
final class ScriptedModel implements LanguageModel {
  final List<ModelRequest> requests = new ArrayList<>();
  private final Deque<Supplier<ModelResponse>> script = new ArrayDeque<>();

  ScriptedModel answers(String text, TokenUsage usage) {
    script.add(() -> new ModelResponse(text, usage, id(), "end_turn"));
    return this;
  }

  ScriptedModel answers(String text) {
    return answers(text, new TokenUsage(100, 10, 0, 0));
  }

  ScriptedModel fails(ModelException e) {
    script.add(() -> {
      throw e;
    });
    return this;
  }

  @Override
  public synchronized ModelResponse complete(ModelRequest request) {
    requests.add(request);
    if (script.isEmpty()) {
      throw new AssertionError("model called more often than scripted");
    }
    return script.poll().get();
  }

  @Override
  public String id() {
    return "scripted:test";
  }
}
