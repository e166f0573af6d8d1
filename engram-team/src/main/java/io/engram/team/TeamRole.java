package io.engram.team;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** A member's role in one project's team memory; each includes the ones before it. */
public enum TeamRole {
  /** Reads the team's memories, conflicts and audit log. */
  READER,
  /** Also shares, changes, removes their own memories and records conflicts. */
  WRITER,
  /** Also removes anyone's memories, resolves anyone's conflicts, grants and revokes roles. */
  MAINTAINER;

  /** The spelling in the database and on the command line. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The role spelled {@code text}, if any. */
  public static Optional<TeamRole> parse(String text) {
    return Arrays.stream(values()).filter(r -> r.id().equals(text.strip().toLowerCase(Locale.ROOT))).findFirst();
  }
}
