package io.engram.modeladapters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.model.ChatMessage;
import io.engram.model.LanguageModel;
import io.engram.model.ModelException;
import io.engram.model.ModelRequest;
import io.engram.model.ModelResponse;
import io.engram.model.TokenUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Anthropic Messages API ({@code POST /v1/messages}, non-streaming) with prompt caching.
 *
 * <p>The end of the request's cacheable prefix gets {@code cache_control: {"type": "ephemeral"}}: on
 * the last cacheable message when there is one, else on the system block. One breakpoint is enough,
 * since Anthropic caches everything before it (tools, system, earlier messages).
 */
public final class AnthropicModel implements LanguageModel {
  /** The API version header Engram speaks. */
  public static final String API_VERSION = "2023-06-01";

  private final ModelEndpoint endpoint;
  private final JsonHttp http;

  /** An adapter for {@code endpoint}, which must name {@link Provider#ANTHROPIC} and carry a key. */
  public AnthropicModel(ModelEndpoint endpoint) {
    if (endpoint.provider() != Provider.ANTHROPIC || endpoint.apiKey().isEmpty()) {
      throw new IllegalArgumentException("an Anthropic model needs an anthropic endpoint with an API key");
    }
    this.endpoint = endpoint;
    this.http = new JsonHttp(endpoint);
  }

  @Override
  public ModelResponse complete(ModelRequest request) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("x-api-key", endpoint.apiKey().orElseThrow().reveal());
    headers.put("anthropic-version", API_VERSION);
    JsonNode answer = http.post("/v1/messages", headers, body(request));
    return parse(answer);
  }

  ObjectNode body(ModelRequest request) {
    ObjectNode body = JsonHttp.MAPPER.createObjectNode();
    body.put("model", endpoint.model());
    body.put("max_tokens", request.maxTokens());
    int breakpoint = request.cacheablePrefix() - 1;
    if (!request.system().isEmpty()) {
      ObjectNode block = body.putArray("system").addObject().put("type", "text").put("text", request.system());
      if (request.cacheSystem() && breakpoint < 0) {
        block.putObject("cache_control").put("type", "ephemeral");
      }
    }
    ArrayNode messages = body.putArray("messages");
    List<ChatMessage> all = request.messages();
    for (int i = 0; i < all.size(); i++) {
      ObjectNode message = messages.addObject();
      message.put("role", all.get(i).role().name().toLowerCase());
      ObjectNode block = message.putArray("content").addObject().put("type", "text").put("text", all.get(i).text());
      if (i == breakpoint) {
        block.putObject("cache_control").put("type", "ephemeral");
      }
    }
    return body;
  }

  private ModelResponse parse(JsonNode answer) {
    JsonNode content = answer.path("content");
    if (!content.isArray()) {
      throw http.failure(ModelException.Kind.BAD_ANSWER, "the response has no content array", null);
    }
    StringBuilder text = new StringBuilder();
    for (JsonNode block : content) {
      if ("text".equals(block.path("type").asText())) {
        text.append(block.path("text").asText());
      }
    }
    JsonNode usage = answer.path("usage");
    TokenUsage tokens =
        new TokenUsage(
            usage.path("input_tokens").asLong(0),
            usage.path("output_tokens").asLong(0),
            usage.path("cache_read_input_tokens").asLong(0),
            usage.path("cache_creation_input_tokens").asLong(0));
    return new ModelResponse(text.toString(), tokens, id(), answer.path("stop_reason").asText("unknown"));
  }

  @Override
  public String id() {
    return endpoint.id();
  }

  @Override
  public String toString() {
    return "AnthropicModel[" + endpoint + "]";
  }
}
