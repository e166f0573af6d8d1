package io.engram.extract;

/** A sentence of a turn's text with its offsets in the original text. */
record Sentence(String text, int start, int end) {

  /** The text in lower case (ROOT locale), for matching. */
  String lower() {
    return text.toLowerCase(java.util.Locale.ROOT);
  }
}
