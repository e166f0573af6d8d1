package io.engram.modeladapters;

import io.engram.config.EngramSettings;
import io.engram.config.ModelSettings;
import io.engram.model.CostGovernor;
import io.engram.model.LanguageModel;
import io.engram.model.ModelException;
import io.engram.model.ModelRouter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the configured {@link LanguageModel} and {@link ModelRouter} from settings and environment.
 *
 * <p>Resolution, environment first: {@code ENGRAM_MODEL} ({@code offline}, {@code anthropic:MODEL} or
 * {@code openai:MODEL}; everything after the first colon is the model name, so {@code
 * openai:llama3.1:8b} works) overrides {@code model.provider} and {@code model.name} of the settings.
 * The base URL is {@code ANTHROPIC_BASE_URL} / {@code OPENAI_BASE_URL}, else {@code model.baseUrl}, else
 * the provider's default. Keys come only from {@code ANTHROPIC_API_KEY} / {@code OPENAI_API_KEY}, never
 * from the settings file. Anthropic requires a key; an OpenAI-compatible server needs one only at
 * {@code api.openai.com}.
 */
public final class ModelFactory {
  /** Environment variable choosing the model, e.g. {@code anthropic:claude-sonnet-4-5}. */
  public static final String MODEL_ENV = "ENGRAM_MODEL";

  private ModelFactory() {}

  /**
   * The endpoint of the configured model, or empty when the choice is offline.
   *
   * @throws ModelException of kind {@code CONFIGURATION} when the choice cannot work (no key, unknown
   *     provider, no model name, bad URL); the message names what to set and never holds a key
   */
  public static Optional<ModelEndpoint> endpoint(ModelSettings settings, Map<String, String> env) {
    String provider = settings.provider();
    String name = settings.name();
    String chosen = env.getOrDefault(MODEL_ENV, "").strip();
    if (!chosen.isEmpty()) {
      int colon = chosen.indexOf(':');
      provider = colon < 0 ? chosen : chosen.substring(0, colon);
      name = colon < 0 ? "" : chosen.substring(colon + 1);
    }
    String origin = chosen.isEmpty() ? "settings model.provider" : MODEL_ENV;
    Provider protocol =
        switch (provider.strip().toLowerCase(Locale.ROOT)) {
          case "", "offline" -> null;
          case "anthropic" -> Provider.ANTHROPIC;
          case "openai", "openai-compatible", "ollama", "vllm" -> Provider.OPENAI;
          default -> throw config(origin + ": unknown model provider '" + provider
              + "' (use offline, anthropic or openai)");
        };
    if (protocol == null) {
      return Optional.empty();
    }
    if (name.isBlank()) {
      throw config(origin + ": no model name for " + protocol.id() + " (e.g. " + MODEL_ENV + "="
          + (protocol == Provider.ANTHROPIC ? "anthropic:claude-sonnet-4-5" : "openai:llama3.1") + ")");
    }
    String prefix = protocol == Provider.ANTHROPIC ? "ANTHROPIC" : "OPENAI";
    String base = firstNonBlank(env.get(prefix + "_BASE_URL"), settings.baseUrl(), protocol.defaultBaseUrl());
    URI url;
    try {
      url = URI.create(base);
      if (url.getScheme() == null || !url.getScheme().startsWith("http") || url.getHost() == null) {
        throw new IllegalArgumentException("not an http(s) URL");
      }
    } catch (IllegalArgumentException e) {
      throw config("model base URL '" + base + "' is not valid: " + e.getMessage());
    }
    Optional<ApiKey> key =
        Optional.ofNullable(env.get(prefix + "_API_KEY")).filter(s -> !s.isBlank()).map(ApiKey::of);
    if (key.isEmpty() && (protocol == Provider.ANTHROPIC || "api.openai.com".equals(url.getHost()))) {
      throw config(protocol.id() + ":" + name.strip() + " needs " + prefix + "_API_KEY in the environment");
    }
    return Optional.of(
        new ModelEndpoint(protocol, url, name.strip(), key, Duration.ofSeconds(settings.timeoutSeconds()),
            settings.maxRetries(), Duration.ofMillis(settings.retryBackoffMillis()),
            Duration.ofSeconds(settings.maxRetryAfterSeconds())));
  }

  /** The configured model, or empty for offline; see {@link #endpoint} for the errors. */
  public static Optional<LanguageModel> create(ModelSettings settings, Map<String, String> env) {
    return endpoint(settings, env).map(ModelFactory::adapter);
  }

  /** The adapter that speaks {@code endpoint}'s protocol. */
  public static LanguageModel adapter(ModelEndpoint endpoint) {
    return switch (endpoint.provider()) {
      case ANTHROPIC -> new AnthropicModel(endpoint);
      case OPENAI -> new OpenAiChatModel(endpoint);
    };
  }

  /**
   * The router every engine uses: offline when nothing is configured, the configured model governed by
   * the ledger in {@code engramHome} otherwise, and offline-with-a-reason when the configuration is
   * unusable (so a missing key never breaks a command that works offline).
   */
  public static ModelRouter router(
      EngramSettings settings, Path engramHome, Map<String, String> env, String sessionId) {
    Optional<LanguageModel> model;
    try {
      model = create(settings.model(), env);
    } catch (ModelException e) {
      return ModelRouter.unavailable(e.getMessage());
    }
    return model
        .map(m -> ModelRouter.of(m, new CostGovernor(engramHome, settings.governor()), sessionId))
        .orElseGet(ModelRouter::offline);
  }

  private static ModelException config(String message) {
    return new ModelException(ModelException.Kind.CONFIGURATION, message);
  }

  private static String firstNonBlank(String... values) {
    for (String value : values) {
      if (value != null && !value.isBlank()) {
        return value.strip();
      }
    }
    return "";
  }
}
