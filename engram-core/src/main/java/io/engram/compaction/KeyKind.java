package io.engram.compaction;

/**
 * The four kinds of key information whose preservation makes up KP, the key-information part of the
 * score, each with the summary section where it belongs (where the degradation ladder puts recovered
 * fragments).
 */
public enum KeyKind {
  FILE_NAMES(SummarySection.FILES_AND_CODE),
  ERROR_MESSAGES(SummarySection.ERRORS_AND_FIXES),
  USER_INSTRUCTIONS(SummarySection.USER_MESSAGES),
  TECHNICAL_KEYWORDS(SummarySection.KEY_CONCEPTS);

  private final SummarySection section;

  KeyKind(SummarySection section) {
    this.section = section;
  }

  /** The summary section this kind of information belongs in. */
  public SummarySection section() {
    return section;
  }
}
