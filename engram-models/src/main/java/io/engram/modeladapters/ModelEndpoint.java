package io.engram.modeladapters;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to reach one model: protocol, base URL, model name, key, time-out and retry policy.
 *
 * @param timeout how long one HTTP attempt may take, connect included
 * @param maxRetries retries after the first attempt on 408/409/429/5xx and connection failures
 * @param initialBackoff the wait before the first retry; it doubles each retry (a server's
 *     {@code retry-after} wins when longer)
 * @param maxRetryAfter the longest {@code retry-after} Engram waits for; a longer one fails the call
 */
public record ModelEndpoint(
    Provider provider,
    URI baseUrl,
    String model,
    Optional<ApiKey> apiKey,
    Duration timeout,
    int maxRetries,
    Duration initialBackoff,
    Duration maxRetryAfter) {

  public ModelEndpoint {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
    if (model.isBlank()) {
      throw new IllegalArgumentException("a " + provider.id() + " model needs a model name");
    }
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must not be negative, was " + maxRetries);
    }
    if (timeout.isZero() || timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
  }

  /** {@code provider:model}, the id reported with every answer. */
  public String id() {
    return provider.id() + ":" + model;
  }

  /** The full URL of {@code path} under the base URL. */
  URI resolve(String path) {
    String base = baseUrl.toString();
    return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
  }

  @Override
  public String toString() {
    return "ModelEndpoint[" + id() + " at " + baseUrl + ", key " + (apiKey.isPresent() ? "set" : "none")
        + ", timeout " + timeout + ", retries " + maxRetries + "]";
  }
}
