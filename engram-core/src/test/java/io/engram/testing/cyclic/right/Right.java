package io.engram.testing.cyclic.right;

import io.engram.testing.cyclic.left.Left;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/**
 * The other side of the cycle, closed through an annotation's value only, as a picocli command lists its
 * subcommands.
 */
@Right.Lists(Left.class)
public final class Right {
  /** Names classes, as picocli's {@code subcommands} does. */
  @Retention(RetentionPolicy.RUNTIME)
  public @interface Lists {
    /** The classes named. */
    Class<?>[] value();
  }

  private Right() {}

  /** A value for the other side. */
  public static int back() {
    return 1;
  }
}
