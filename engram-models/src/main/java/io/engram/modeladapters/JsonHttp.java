package io.engram.modeladapters;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.model.ModelException;
import io.engram.model.ModelException.Kind;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * POSTs JSON to a model API and returns the JSON answer, retrying what is worth retrying.
 *
 * <p>408, 409, 429 and 5xx (including Anthropic's 529 "overloaded") and connection failures are
 * retried up to {@link ModelEndpoint#maxRetries()} times with doubling backoff plus jitter; a
 * {@code retry-after} or {@code retry-after-ms} header longer than the backoff is honoured, up to
 * {@link ModelEndpoint#maxRetryAfter()}. A time-out is not retried: the router's offline path is the
 * better use of the time. Every message passes through {@link ApiKey#scrub}.
 */
final class JsonHttp {
  // A reply that is not the API's JSON error is shown by its first 300 characters: enough to see what answered (a
  // proxy's page, a gateway's message) without pasting a whole page into an error.
  private static final int RAW_REPLY_CHARS = 300;
  static final ObjectMapper MAPPER = new ObjectMapper();

  private final ModelEndpoint endpoint;
  private final HttpClient client;

  JsonHttp(ModelEndpoint endpoint) {
    this.endpoint = endpoint;
    // The connection alone gets at most 10 s of the endpoint's timeout (model.timeoutSeconds, the setting): a server
    // that takes longer to accept is down, and the rest of the time is for its answer.
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(endpoint.timeout().compareTo(Duration.ofSeconds(10)) < 0
                ? endpoint.timeout() : Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  /** Sends {@code body} to {@code path} with {@code headers} and returns the parsed 2xx body. */
  JsonNode post(String path, Map<String, String> headers, JsonNode body) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(endpoint.resolve(path))
            .timeout(endpoint.timeout())
            .header("content-type", "application/json")
            .header("accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(write(body)));
    headers.forEach(builder::header);
    HttpRequest request = builder.build();
    Duration backoff = endpoint.initialBackoff();
    for (int attempt = 0; ; attempt++) {
      boolean last = attempt >= endpoint.maxRetries();
      HttpResponse<String> response;
      try {
        response = client.send(request, HttpResponse.BodyHandlers.ofString());
      } catch (HttpTimeoutException e) {
        throw failure(Kind.TIMEOUT, "no answer within " + endpoint.timeout().toSeconds() + "s", e);
      } catch (IOException e) {
        if (last) {
          throw failure(Kind.TRANSPORT, "cannot reach " + endpoint.baseUrl() + ": " + e, e);
        }
        sleep(jitter(backoff));
        backoff = backoff.multipliedBy(2);
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure(Kind.TRANSPORT, "interrupted", e);
      }
      int status = response.statusCode();
      if (status >= 200 && status < 300) {
        return read(response.body());
      }
      if (!retryable(status) || last) {
        throw httpFailure(status, response.body(), attempt, "");
      }
      Duration wait = jitter(backoff);
      Duration asked = retryAfter(response);
      if (asked.compareTo(endpoint.maxRetryAfter()) > 0) {
        throw httpFailure(status, response.body(), attempt, " (server asks to retry after " + asked.toSeconds() + "s)");
      }
      sleep(asked.compareTo(wait) > 0 ? asked : wait);
      backoff = backoff.multipliedBy(2);
    }
  }

  private static boolean retryable(int status) {
    return status == 408 || status == 409 || status == 429 || status >= 500;
  }

  private ModelException httpFailure(int status, String body, int retries, String note) {
    Kind kind =
        switch (status) {
          case 401, 403 -> Kind.AUTHENTICATION;
          case 429 -> Kind.RATE_LIMITED;
          case 408 -> Kind.TIMEOUT;
          default -> status >= 500 ? Kind.SERVER : Kind.INVALID_REQUEST;
        };
    String hint = kind == Kind.AUTHENTICATION ? " (check the API key)" : "";
    String tries = retries > 0 ? " after " + retries + " retries" : "";
    return failure(kind, "HTTP " + status + tries + ": " + errorMessage(body) + note + hint, null);
  }

  /** The readable part of an error body: {@code error.type: error.message} in both APIs' shapes. */
  static String errorMessage(String body) {
    try {
      JsonNode error = MAPPER.readTree(body).path("error");
      if (error.isTextual()) {
        return error.asText();
      }
      String type = error.path("type").asText("");
      String message = error.path("message").asText("");
      if (!message.isEmpty()) {
        return type.isEmpty() ? message : type + ": " + message;
      }
    } catch (JsonProcessingException e) {
      // not JSON: fall through to the raw text
    }
    String raw = body.strip();
    return raw.isEmpty() ? "(empty body)" : raw.length() > RAW_REPLY_CHARS ? raw.substring(0, RAW_REPLY_CHARS) + "..." : raw;
  }

  private static Duration retryAfter(HttpResponse<?> response) {
    try {
      var ms = response.headers().firstValue("retry-after-ms");
      if (ms.isPresent()) {
        return Duration.ofMillis((long) Double.parseDouble(ms.get().trim()));
      }
      var seconds = response.headers().firstValue("retry-after");
      if (seconds.isPresent()) {
        return Duration.ofMillis((long) (Double.parseDouble(seconds.get().trim()) * 1000));
      }
    } catch (NumberFormatException e) {
      // an HTTP-date or garbage: use our own backoff
    }
    return Duration.ZERO;
  }

  private static Duration jitter(Duration backoff) {
    long ms = backoff.toMillis();
    return Duration.ofMillis(ms + ThreadLocalRandom.current().nextLong(ms / 4 + 1));
  }

  private static void sleep(Duration wait) {
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ModelException(Kind.TRANSPORT, "interrupted while waiting to retry", e);
    }
  }

  private JsonNode read(String body) {
    try {
      return MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw failure(Kind.BAD_ANSWER, "the response body is not JSON: " + e.getOriginalMessage(), null);
    }
  }

  private static String write(JsonNode body) {
    try {
      return MAPPER.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  ModelException failure(Kind kind, String message, Throwable cause) {
    String text = endpoint.id() + ": " + message;
    if (endpoint.apiKey().isPresent()) {
      text = endpoint.apiKey().get().scrub(text);
    }
    // The cause is dropped when it could carry the key in its own message.
    return new ModelException(kind, text, cause instanceof IOException ? null : cause);
  }
}
