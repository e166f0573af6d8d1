package io.engram.context;

/** What a session does about its window's level; each is done once per level a segment reaches. */
public enum LevelAction {
  /** Bring the session notes up to date now, whatever their own schedule says. */
  REFRESH_NOTES,
  /** Tell the agent how full the window is and how many turns are left. */
  TELL_AGENT,
  /** Compute the compaction now and keep it, so that it is ready when the window runs out. */
  PREPARE_COMPACTION,
  /** Compact now. */
  COMPACT
}
