package io.engram.config;

/**
 * Which model answers, and how Engram talks to it. {@code provider} is
 * {@code offline}, {@code anthropic} or {@code openai}; {@code ENGRAM_MODEL} overrides provider and name.
 * {@code timeoutSeconds} bounds one HTTP attempt; {@code retryBackoffMillis} is the first wait before a
 * retry (it doubles); a server's {@code retry-after} above {@code maxRetryAfterSeconds} fails the call.
 */
public record ModelSettings(
    @Setting(byDefault = "offline", help = "Who answers: offline, anthropic or openai (ENGRAM_MODEL overrides"
        + " provider and name)") String provider,
    @Setting(byDefault = "", help = "The model's name; empty for the provider's default") String name,
    @Setting(byDefault = "", help = "The API's base URL; empty for the provider's own") String baseUrl,
    @Setting(byDefault = "60", min = 1, help = "Seconds one HTTP attempt may take") int timeoutSeconds,
    @Setting(byDefault = "3", min = 0, help = "Retries of a failed call") int maxRetries,
    @Setting(byDefault = "4_096", min = 1, help = "Most tokens a model's answer may hold") int maxOutputTokens,
    @Setting(byDefault = "500", min = 0, help = "First wait before a retry, in ms (it doubles)")
        int retryBackoffMillis,
    @Setting(byDefault = "60", min = 0, help = "A server's retry-after above this many seconds fails the call")
        int maxRetryAfterSeconds) implements SettingsSection<ModelSettings> {
  public static final ModelSettings DEFAULTS = SettingDeclarations.defaults(ModelSettings.class);
}
