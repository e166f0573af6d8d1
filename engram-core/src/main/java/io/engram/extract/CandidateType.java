package io.engram.extract;

import java.util.Locale;

/** The four auto-memory types a candidate can have: user, feedback, project and reference. */
public enum CandidateType {
  /** Who the user is: role, background, knowledge. */
  USER,
  /** Corrections and confirmed ways of working. */
  FEEDBACK,
  /** State of the work: tools, services, decisions, deadlines. */
  PROJECT,
  /** Pointers to outside systems: dashboards, trackers, docs. */
  REFERENCE;

  /** The lower-case name used in topic-file frontmatter ({@code feedback}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type for a frontmatter label, case-insensitive; throws for an unknown label. */
  public static CandidateType fromLabel(String label) {
    for (CandidateType t : values()) {
      if (t.label().equalsIgnoreCase(label.strip())) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown memory type '" + label + "' (expected user|feedback|project|reference)");
  }
}
