package io.engram.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.Function;

/**
 * Asks a model for a JSON answer, validates it, and asks once more with the error shown if it is
 * unusable; a second failure is a {@link StructuredOutputException}.
 *
 * <p>The retry appends the model's own answer and a user message naming the problem, so the model
 * sees exactly what it got wrong; the cacheable prefix of the request is kept.
 */
public final class StructuredOutput {
  private StructuredOutput() {}

  /** Asks for JSON bound to {@code type}; every record component is required. */
  public static <T> Structured<T> ask(LanguageModel model, ModelRequest request, Class<T> type) {
    return ask(model, request, answer -> JsonAnswer.bind(answer, type));
  }

  /** Asks for a JSON object that has every field of {@code requiredFields}. */
  public static Structured<JsonNode> askObject(
      LanguageModel model, ModelRequest request, List<String> requiredFields) {
    return ask(model, request, answer -> JsonAnswer.object(answer, requiredFields));
  }

  /**
   * Asks and parses with {@code parser}, which signals an unusable answer by throwing
   * {@link IllegalArgumentException} with a message meant for the model.
   */
  public static <T> Structured<T> ask(
      LanguageModel model, ModelRequest request, Function<String, T> parser) {
    ModelResponse first = model.complete(request);
    TokenUsage usage = first.usage();
    String problem;
    try {
      return new Structured<>(parser.apply(first.text()), usage, 1, first.modelId());
    } catch (IllegalArgumentException e) {
      problem = e.getMessage();
    }
    ModelRequest retry =
        request.followedBy(
            List.of(
                ChatMessage.assistant(first.text().isEmpty() ? "(empty answer)" : first.text()),
                ChatMessage.user(
                    "Your answer could not be used: "
                        + problem
                        + ". Reply again with only the JSON value, no prose and no code fences.")));
    ModelResponse second = model.complete(retry);
    usage = usage.plus(second.usage());
    try {
      return new Structured<>(parser.apply(second.text()), usage, 2, second.modelId());
    } catch (IllegalArgumentException e) {
      throw new StructuredOutputException(
          model.id() + " gave no usable JSON after 2 attempts: " + e.getMessage(), second.text(), usage, 2);
    }
  }
}
