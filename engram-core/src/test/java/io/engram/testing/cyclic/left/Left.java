package io.engram.testing.cyclic.left;

import io.engram.testing.cyclic.right.Right;

/** One side of a package cycle that {@code PackageCyclesTest} must find. */
public final class Left {
  private Left() {}

  /** Reaches the other package, which reaches back. */
  public static int across() {
    return Right.back() + 1;
  }
}
