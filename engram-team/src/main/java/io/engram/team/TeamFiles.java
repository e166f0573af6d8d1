package io.engram.team;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The files of a project's team memory on this machine, under {@code <home>/projects/<key>/team/}: the connection
 * ({@code connection.json}, never a password), the sync state ({@code state.json}), the outbox of changes not yet
 * in the database ({@code outbox/}, one file per change), the changes the database refused ({@code refused/}),
 * the open conflicts as last seen ({@code conflicts/}), the mirror ({@code memory/}) and the lock one sync at a
 * time holds ({@code .team-lock}).
 */
record TeamFiles(Path dir) {
  TeamFiles {
    Objects.requireNonNull(dir, "dir");
    dir = dir.toAbsolutePath().normalize();
  }

  /** The files beside the mirror directory {@code mirror} ({@code <...>/team/memory}). */
  static TeamFiles beside(Path mirror) {
    return new TeamFiles(mirror.toAbsolutePath().normalize().getParent());
  }

  Path connection() {
    return dir.resolve("connection.json");
  }

  Path state() {
    return dir.resolve("state.json");
  }

  Path outbox() {
    return dir.resolve("outbox");
  }

  Path refused() {
    return dir.resolve("refused");
  }

  Path conflicts() {
    return dir.resolve("conflicts");
  }

  Path mirror() {
    return dir.resolve("memory");
  }

  Path lock() {
    return dir.resolve(".team-lock");
  }
}
