package io.engram.recall;

/**
 * Why recall runs, which decides how strict its relevance floor is ({@link RelevanceFloor#forKind}). Silence on a
 * prompt no memory answers is worth most where nobody asked; where someone did, a memory holding the words they typed
 * must not be missing where a keyword search would list it.
 */
public enum RecallKind {
  /**
   * Someone asked: a person at the command line or in the UI's search, an agent through a recall tool or prompt, a
   * program through the library's recall call. A keyword match covering {@code recall.askedCoverage} of the query's
   * words is sent whatever the model makes of it.
   */
  SEARCH,
  /**
   * Sent beside a prompt nobody asked about: a UserPromptSubmit hook, a framework's retriever or advisor. A keyword
   * match must also pass the model's keyword gate ({@code recall.keywordGate}).
   */
  INJECTION
}
