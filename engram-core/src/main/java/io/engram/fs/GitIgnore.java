package io.engram.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Lists a personal file (a {@code CLAUDE.local.md}, a {@code .claude/settings.local.json}) in a repository's
 * {@code .gitignore} so that it is never committed by accident. Idempotent: a {@code .gitignore} that
 * already names the file, by its path from the root or by its bare name, is left alone. The
 * {@code .gitignore} is created when missing, written atomically under a lock kept outside the
 * repository.
 */
public final class GitIgnore {
  private GitIgnore() {}

  /**
   * Makes {@code root/.gitignore} list {@code file} (a path inside {@code root}), taking the lock in
   * {@code lockDir}; returns the {@code .gitignore} when it was changed, empty when it already listed it.
   */
  public static Optional<Path> ensureListed(Path root, Path file, Path lockDir) throws IOException {
    Path base = root.toAbsolutePath().normalize();
    Path target = file.toAbsolutePath().normalize();
    if (!target.startsWith(base) || target.equals(base)) {
      throw new IllegalArgumentException(file + " is not inside " + root);
    }
    String pattern = "/" + base.relativize(target).toString().replace('\\', '/');
    String name = target.getFileName().toString();
    Path gitignore = base.resolve(".gitignore");
    String key = Integer.toHexString(gitignore.toString().hashCode());
    try (FileLock lock = FileLock.acquire(lockDir.resolve("gitignore-" + key + ".lock"))) {
      String old = Files.exists(gitignore) ? Files.readString(gitignore, StandardCharsets.UTF_8) : "";
      boolean listed = old.lines().map(String::strip)
          .anyMatch(l -> l.equals(pattern) || l.equals(pattern.substring(1)) || l.equals(name) || l.equals("**/" + name));
      if (listed) {
        return Optional.empty();
      }
      String sep = old.isEmpty() || old.endsWith("\n") ? "" : "\n";
      AtomicFiles.writeString(gitignore, old + sep + pattern + "\n");
    }
    return Optional.of(gitignore);
  }
}
