package io.engram.dream;

/**
 * What {@link StalenessCheck} found for one file or symbol a memory names.
 *
 * @param reference the reference as the memory wrote it
 * @param kind whether it was read as a file path or a code symbol
 * @param status present, missing, or unknown (the bounded search ended before finding it)
 */
record PathFinding(String reference, Kind kind, Status status) {

  /** How a reference was read. */
  public enum Kind {
    FILE,
    SYMBOL
  }

  /** The outcome of looking for a reference. */
  public enum Status {
    PRESENT,
    MISSING,
    /** The search hit its file bound first; not evidence either way. */
    UNKNOWN
  }

  /** True when the reference is definitely gone, which makes the memory stale. */
  public boolean stale() {
    return status == Status.MISSING;
  }
}
