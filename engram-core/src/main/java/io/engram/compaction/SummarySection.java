package io.engram.compaction;

import java.util.List;

/**
 * The nine sections of a compaction summary, in their order.
 *
 * <p>The first eight are required and count towards the section score; {@link #NEXT_STEP} is
 * optional. Each section carries the heading texts a model may use for it; matching is
 * case-insensitive and tries the longest alias first.
 */
public enum SummarySection {
  PRIMARY_REQUEST(
      "Primary Request and Intent",
      List.of("primary request and intent", "primary requests and intents", "primary request and intents",
          "primary requests and intent", "primary request", "request and intent")),
  KEY_CONCEPTS(
      "Key Technical Concepts",
      List.of("key technical concepts", "technical concepts", "key concepts")),
  FILES_AND_CODE(
      "Files and Code Sections",
      List.of("files and code sections", "files and code", "files and functions", "files & code sections",
          "files & code", "code sections", "relevant files", "files")),
  ERRORS_AND_FIXES(
      "Errors and fixes",
      List.of("errors and fixes", "errors & fixes", "errors and corrections", "errors & corrections",
          "errors and solutions", "errors")),
  PROBLEM_SOLVING(
      "Problem Solving", List.of("problem solving", "problem-solving", "problems solved")),
  USER_MESSAGES(
      "All user messages", List.of("all user messages", "all the user messages", "user messages")),
  PENDING_TASKS(
      "Pending Tasks", List.of("pending tasks", "pending task", "open tasks", "remaining tasks", "todos")),
  CURRENT_WORK("Current Work", List.of("current work", "current state", "work in progress")),
  NEXT_STEP(
      "Optional Next Step",
      List.of("optional next steps", "optional next step", "next steps", "next step"));

  private final String title;
  private final List<String> aliases;

  SummarySection(String title, List<String> aliases) {
    this.title = title;
    this.aliases = aliases;
  }

  /** The canonical heading text, as the compaction prompt spells it. */
  public String title() {
    return title;
  }

  /** Lower-case heading texts recognised for this section, the canonical one included. */
  public List<String> aliases() {
    return aliases;
  }

  /** The 1-based number of the section in the summary. */
  public int number() {
    return ordinal() + 1;
  }

  /** Whether the section counts towards the section score (all but the optional next step). */
  public boolean required() {
    return this != NEXT_STEP;
  }

  /** The number of required sections: 8. */
  public static int requiredCount() {
    return (int) java.util.Arrays.stream(values()).filter(SummarySection::required).count();
  }
}
