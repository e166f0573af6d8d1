package io.engram.memory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;

/**
 * The topic file a write is about to replace, kept as a hard link until the write has landed, so that a failed write
 * can put it back.
 */
final class ReplacedFile {
  private final Path target;
  private final Optional<Path> link;

  private ReplacedFile(Path target, Optional<Path> link) {
    this.target = target;
    this.link = link;
  }

  /**
   * Links {@code target} under a temporary name in {@code dir}; a link needs no room for the bytes, so it is made even
   * on a full disk. Keeps nothing for a new file, or where the file system has no hard links.
   */
  static ReplacedFile keep(Path dir, Path target) throws IOException {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return new ReplacedFile(target, Optional.empty());
    }
    // Named as a temporary file, so that a killed writer's link is swept as one.
    Path link = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      Files.createLink(link, target);
      return new ReplacedFile(target, Optional.of(link));
    } catch (UnsupportedOperationException | IOException e) {
      return new ReplacedFile(target, Optional.empty());
    }
  }

  /**
   * Puts the target back as it was before the write: the kept file, or no file when there was none. A failure to do
   * so is added to {@code failure}, which the caller throws.
   */
  void putBack(Exception failure) {
    try {
      if (link.isPresent()) {
        Files.move(link.get(), target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.deleteIfExists(target);
      }
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /** Deletes the link, once the write has landed or been undone. */
  void release() throws IOException {
    if (link.isPresent()) {
      Files.deleteIfExists(link.get());
    }
  }
}
