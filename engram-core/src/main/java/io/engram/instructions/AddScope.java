package io.engram.instructions;

import java.util.Locale;

/** Which instruction file a quick-add ({@code engram add}) appends to. */
public enum AddScope {
  /** The project file in the project directory (shared through git). */
  PROJECT,
  /** {@code CLAUDE.local.md} in the project directory (personal, git-ignored). */
  LOCAL,
  /** The user's file in the user directory (every project). */
  USER;

  /** The lower-case name used on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
