package io.engram.extract;

/** Whether a candidate makes a new memory or updates an existing one of the same name. */
public enum CandidateAction {
  /** No similar memory exists: write a new topic file. */
  CREATE,
  /** A similar memory exists: merge into it (the candidate carries the existing name). */
  UPDATE
}
