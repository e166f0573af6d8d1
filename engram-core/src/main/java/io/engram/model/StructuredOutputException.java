package io.engram.model;

/**
 * A model that was asked for JSON twice and gave no usable JSON either time.
 *
 * <p>Carries the last answer (cut to 500 characters) for diagnostics and the tokens both attempts
 * cost, so the governor can still book them.
 */
public final class StructuredOutputException extends ModelException {
  // The error keeps the first 500 characters of the last answer: enough to see what the model wrote instead.
  private static final int ANSWER_KEPT_CHARS = 500;
  private static final long serialVersionUID = 1L;

  private final String lastAnswer;
  private final transient TokenUsage usage;
  private final int attempts;

  public StructuredOutputException(String message, String lastAnswer, TokenUsage usage, int attempts) {
    super(Kind.BAD_ANSWER, message);
    this.lastAnswer = lastAnswer.length() > ANSWER_KEPT_CHARS ? lastAnswer.substring(0, ANSWER_KEPT_CHARS) + "..." : lastAnswer;
    this.usage = usage;
    this.attempts = attempts;
  }

  /** The model's last answer, cut to 500 characters. */
  public String lastAnswer() {
    return lastAnswer;
  }

  /** Tokens spent on all attempts. */
  public TokenUsage usage() {
    return usage == null ? TokenUsage.ZERO : usage;
  }

  /** How many times the model was asked. */
  public int attempts() {
    return attempts;
  }
}
