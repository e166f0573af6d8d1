package io.engram.instructions;

import java.util.Locale;

/**
 * Where an instruction file comes from. Declaration order is prompt order: a later level's text comes
 * later in the prompt and so wins on conflicts, except that {@link #MANAGED} cannot be overridden by
 * policy.
 */
public enum InstructionLevel {
  /** Set by an administrator at the managed path (for example {@code /etc/claude-code/CLAUDE.md}). */
  MANAGED("managed instructions set by your organization; they cannot be overridden"),
  /** The user's own files in the user directory (for example {@code ~/.claude/CLAUDE.md}). */
  USER("user's private global instructions for all projects"),
  /** Project files in the working directory and its ancestors, checked into the codebase. */
  PROJECT("project instructions, checked into the codebase"),
  /** {@code CLAUDE.local.md} next to a project file: personal, not committed. */
  LOCAL("user's private project instructions, not checked in");

  private final String description;

  InstructionLevel(String description) {
    this.description = description;
  }

  /** The lower-case name used in JSON and on the command line ({@code managed}, {@code user}...). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The phrase the rendered prompt puts after a file's path to say what kind of file it is. */
  public String description() {
    return description;
  }
}
