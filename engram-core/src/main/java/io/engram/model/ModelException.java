package io.engram.model;

/** A model call that did not produce a usable answer; {@link #kind()} says why. */
public class ModelException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The closed set of reasons a model call fails. */
  public enum Kind {
    /** The API key is missing, wrong or lacks permission (401/403). */
    AUTHENTICATION,
    /** Rate limited (429) and retries ran out. */
    RATE_LIMITED,
    /** The server failed (5xx, overloaded) and retries ran out. */
    SERVER,
    /** No answer within the time-out. */
    TIMEOUT,
    /** The request was refused as invalid (other 4xx), for example an unknown model. */
    INVALID_REQUEST,
    /** The connection failed. */
    TRANSPORT,
    /** The answer arrived but could not be used (unparseable body, JSON that fails validation). */
    BAD_ANSWER,
    /** The cost governor's token cap for background work is reached. */
    BUDGET_EXHAUSTED,
    /** The model is configured wrongly (missing key, unknown provider). */
    CONFIGURATION
  }

  private final Kind kind;

  public ModelException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public ModelException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  /** Why the call failed. */
  public Kind kind() {
    return kind;
  }
}
