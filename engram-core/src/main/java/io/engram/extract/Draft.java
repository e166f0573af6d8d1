package io.engram.extract;

import io.engram.config.ExtractionSettings;

/**
 * What one rule read from one sentence, before provenance, naming against the store and caps.
 *
 * @param key the words that identify the knowledge (used for the name and for similarity)
 */
record Draft(CandidateType type, String name, String description, String body, String key, double confidence) {

  /**
   * This draft made whole with the sentences of its correction ({@link CorrectionSpans}): the body holds the whole
   * correction, what to do instead and why included, as the person wrote it; the description says it on one line.
   *
   * @param span the correction's sentences as they stand in the turn
   * @param core the sentence this draft was read from, one of them
   */
  Draft within(String span, String core, ExtractionSettings.Offline limits) {
    if (span.equals(core.strip())) {
      return this;
    }
    int at = span.indexOf(core);
    String before = at < 0 ? "" : span.substring(0, at).strip();
    String after = at < 0 ? span : span.substring(at + core.length()).strip();
    String rest = (before + " " + after).strip();
    String joined = Terms.clip(span, limits.spanChars());
    String body = this.body.contains(Terms.clip(core, limits.bodyChars()))
        || Terms.clip(core, limits.bodyChars()).contains(this.body)
        ? joined : this.body.strip() + "\n\n" + rest;
    String description = type == CandidateType.FEEDBACK ? Terms.clip(span, limits.descriptionChars())
        : Terms.clip(this.description + " — " + rest, limits.descriptionChars());
    return new Draft(type, name, description, body, key, confidence);
  }

  /**
   * This draft, read from one clause of {@code sentence}, with the sentence it was said in after its body, so that what
   * the rest of the sentence says (the request beside it, a reason) stays with it; its description stays the clause's.
   */
  Draft saidIn(String sentence, ExtractionSettings.Offline limits) {
    String quote = Terms.clip(sentence.strip(), limits.quoteChars());
    if (body.contains(quote)) {
      return this;
    }
    boolean chinese = CorrectionClauses.of(sentence) == CorrectionClauses.CHINESE;
    return new Draft(type, name, description, body.strip() + "\n\n" + userSaid(quote, chinese), key, confidence);
  }

  /** The line a memory's body quotes the person with, {@code quote} already clipped, in the sentence's language. */
  static String userSaid(String quote, boolean chinese) {
    return chinese ? "用户原话：“" + quote + "”" : "The user said: \"" + quote + '"';
  }
}
