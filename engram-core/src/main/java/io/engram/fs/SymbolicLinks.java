package io.engram.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rule that a memory directory is never left through a symbolic link: a link inside it (a topic file,
 * {@code MEMORY.md}, {@code .trash}, {@code .dream}, a lock file) is neither read nor written through,
 * nor replaced; it is reported and left alone. The directory itself may be a link (people keep memory in
 * a dotfiles repository); only what lies below it is checked.
 */
public final class SymbolicLinks {
  private SymbolicLinks() {}

  /** The message of a refused link at {@code link}. */
  public static String refusal(Path link) {
    return link + " is a symbolic link; Engram never reads or writes through a link inside a memory "
        + "directory, so it is left alone (replace it with a real file or directory)";
  }

  /**
   * Throws when {@code path}, or a directory between {@code root} (exclusive) and it, is a symbolic link;
   * a path outside {@code root} is refused too. Parts that do not exist yet pass (they will be created as
   * real files and directories).
   */
  public static void refuseBelow(Path root, Path path) throws IOException {
    Path base = root.toAbsolutePath().normalize();
    Path target = path.toAbsolutePath().normalize();
    if (!target.startsWith(base)) {
      throw new IOException(target + " is outside " + base);
    }
    Path at = base;
    for (Path part : base.relativize(target)) {
      at = at.resolve(part);
      if (Files.isSymbolicLink(at)) {
        throw new IOException(refusal(at));
      }
    }
  }
}
