package io.engram.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pulls one JSON value out of a model's answer and checks it.
 *
 * <p>Models wrap JSON in {@code ```json} fences or put a sentence before it; both are tolerated: a
 * fenced block wins, otherwise the first {@code {} or {@code [} starts the value, and text after the
 * value is ignored. Binding to a type is strict about what the type needs (every record component
 * present and non-null) and lenient about extra fields.
 */
public final class JsonAnswer {
  private static final Pattern FENCE = Pattern.compile("```[a-zA-Z0-9]*\\s*\\n?(.*?)```", Pattern.DOTALL);
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .build();

  private JsonAnswer() {}

  /** The JSON value in {@code answer}; a {@link IllegalArgumentException} says what is wrong. */
  public static JsonNode tree(String answer) {
    String candidate = candidate(answer);
    try {
      JsonNode node = MAPPER.readTree(candidate);
      if (node == null || node.isMissingNode()) {
        throw new IllegalArgumentException("the answer holds no JSON value");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the answer is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** The JSON object in {@code answer}, checked to have every field of {@code required}. */
  public static JsonNode object(String answer, List<String> required) {
    JsonNode node = tree(answer);
    if (!node.isObject()) {
      throw new IllegalArgumentException("expected a JSON object but got " + node.getNodeType().name().toLowerCase());
    }
    List<String> missing = new ArrayList<>();
    for (String field : required) {
      if (!node.hasNonNull(field)) {
        missing.add(field);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("missing required field(s): " + String.join(", ", missing));
    }
    return node;
  }

  /** The JSON value in {@code answer} bound to {@code type}. */
  public static <T> T bind(String answer, Class<T> type) {
    JsonNode node = tree(answer);
    try {
      return MAPPER.treeToValue(node, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the JSON does not match " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  private static String candidate(String answer) {
    Matcher fence = FENCE.matcher(answer);
    if (fence.find()) {
      return fence.group(1).trim();
    }
    int object = answer.indexOf('{');
    int array = answer.indexOf('[');
    int start = object < 0 ? array : array < 0 ? object : Math.min(object, array);
    if (start < 0) {
      throw new IllegalArgumentException("the answer holds no JSON object or array");
    }
    return answer.substring(start);
  }
}
