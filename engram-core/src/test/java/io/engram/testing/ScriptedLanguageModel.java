package io.engram.testing;

import io.engram.model.LanguageModel;
import io.engram.model.ModelRequest;
import io.engram.model.ModelResponse;
import io.engram.model.TokenUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** An in-process language model for tests: answers from a script and records every request. */
public final class ScriptedLanguageModel implements LanguageModel {
  /** Every request received, in order. */
  public final List<ModelRequest> requests = new ArrayList<>();
  private final Deque<String> answers = new ArrayDeque<>();

  /** Queues an answer. */
  public ScriptedLanguageModel answers(String text) {
    answers.add(text);
    return this;
  }

  @Override
  public synchronized ModelResponse complete(ModelRequest request) {
    requests.add(request);
    if (answers.isEmpty()) {
      throw new AssertionError("model called more often than scripted");
    }
    return new ModelResponse(answers.poll(), new TokenUsage(100, 20, 0, 0), id(), "end_turn");
  }

  @Override
  public String id() {
    return "scripted:test";
  }
}
