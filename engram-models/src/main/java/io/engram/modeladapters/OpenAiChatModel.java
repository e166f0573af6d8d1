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
import java.util.Map;

/**
 * Any OpenAI-compatible chat-completions server ({@code POST {base}/chat/completions}, non-streaming):
 * OpenAI, Ollama, vLLM, llama.cpp server, LM Studio.
 *
 * <p>The key is optional, since local servers need none; without one no {@code Authorization} header
 * is sent. These APIs cache prompts implicitly, so the cacheable-prefix marker is not sent; cached
 * tokens reported in {@code usage.prompt_tokens_details.cached_tokens} are moved out of the input
 * count into {@link TokenUsage#cacheRead()}.
 */
public final class OpenAiChatModel implements LanguageModel {
  private final ModelEndpoint endpoint;
  private final JsonHttp http;

  /** An adapter for {@code endpoint}, which must name {@link Provider#OPENAI}. */
  public OpenAiChatModel(ModelEndpoint endpoint) {
    if (endpoint.provider() != Provider.OPENAI) {
      throw new IllegalArgumentException("an OpenAI-compatible model needs an openai endpoint");
    }
    this.endpoint = endpoint;
    this.http = new JsonHttp(endpoint);
  }

  @Override
  public ModelResponse complete(ModelRequest request) {
    Map<String, String> headers = new LinkedHashMap<>();
    endpoint.apiKey().ifPresent(key -> headers.put("authorization", "Bearer " + key.reveal()));
    return parse(http.post("/chat/completions", headers, body(request)));
  }

  ObjectNode body(ModelRequest request) {
    ObjectNode body = JsonHttp.MAPPER.createObjectNode();
    body.put("model", endpoint.model());
    body.put("max_tokens", request.maxTokens());
    ArrayNode messages = body.putArray("messages");
    if (!request.system().isEmpty()) {
      messages.addObject().put("role", "system").put("content", request.system());
    }
    for (ChatMessage message : request.messages()) {
      messages.addObject().put("role", message.role().name().toLowerCase()).put("content", message.text());
    }
    return body;
  }

  private ModelResponse parse(JsonNode answer) {
    JsonNode choice = answer.path("choices").path(0);
    if (choice.isMissingNode()) {
      throw http.failure(ModelException.Kind.BAD_ANSWER, "the response has no choices", null);
    }
    String text = choice.path("message").path("content").asText("");
    JsonNode usage = answer.path("usage");
    long prompt = usage.path("prompt_tokens").asLong(0);
    long cached = Math.min(prompt, usage.path("prompt_tokens_details").path("cached_tokens").asLong(0));
    TokenUsage tokens = new TokenUsage(prompt - cached, usage.path("completion_tokens").asLong(0), cached, 0);
    return new ModelResponse(text, tokens, id(), choice.path("finish_reason").asText("unknown"));
  }

  @Override
  public String id() {
    return endpoint.id();
  }

  @Override
  public String toString() {
    return "OpenAiChatModel[" + endpoint + "]";
  }
}
