package io.engram.redact;

import java.util.regex.MatchResult;

/** Decides whether what a {@link PatternRule} matched is a secret, or a placeholder, code or prose. */
@FunctionalInterface
interface SecretCheck {
  /** Accepts everything the pattern matched. */
  SecretCheck ANY = (secret, match, text) -> true;

  /**
   * @param secret the part of the match to redact
   * @param match the whole match, with its groups
   * @param text the text being redacted
   */
  boolean accepts(String secret, MatchResult match, ScannedText text);

  /** This check, then {@code other}. */
  default SecretCheck and(SecretCheck other) {
    return (secret, match, text) -> accepts(secret, match, text) && other.accepts(secret, match, text);
  }
}
