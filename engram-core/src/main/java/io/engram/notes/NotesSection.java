package io.engram.notes;

import java.util.Optional;

/** The four sections of the session notes template, in their fixed order. */
public enum NotesSection {
  /** What is being worked on now and how far it got. */
  CURRENT_STATE("Current State"),
  /** Files, functions and code locations involved. */
  FILES_AND_FUNCTIONS("Files and Functions"),
  /** Errors met, what was tried, what fixed them, and the user's corrections. */
  ERRORS_AND_CORRECTIONS("Errors & Corrections"),
  /** What was done and what remains, oldest entry first. */
  WORKLOG("Worklog");

  private final String title;

  NotesSection(String title) {
    this.title = title;
  }

  /** The Markdown heading line, e.g. {@code ## Current State}. */
  public String heading() {
    return "## " + title;
  }

  /** The section whose heading is {@code line} (at the start of the line; trailing spaces and case ignored). */
  public static Optional<NotesSection> ofHeading(String line) {
    String l = line.stripTrailing();
    for (NotesSection s : values()) {
      if (s.heading().equalsIgnoreCase(l)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
