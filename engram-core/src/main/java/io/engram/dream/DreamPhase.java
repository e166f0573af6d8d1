package io.engram.dream;

/**
 * The steps of a dream run as the progress display shows them: the four phases (orient, gather,
 * consolidate, prune), then apply.
 */
public enum DreamPhase {
  /** Read MEMORY.md and the topic files. */
  ORIENT,
  /** Read the session transcripts since the last consolidation and extract new knowledge. */
  GATHER,
  /** Write or update topic files: new knowledge, absolute dates, merges, supersessions. */
  CONSOLIDATE,
  /** Flag stale memories and prune the index. */
  PRUNE,
  /** Snapshot for undo, then write the plan's changes one by one. */
  APPLY
}
