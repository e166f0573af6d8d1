package io.engram.hooks;

import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lock every writer of one agent settings file takes (a hooks or MCP JSON file, Codex's TOML, OpenCode's plugin),
 * so that two installs, or an install and an agent's own edit through Engram, never interleave their read and write.
 * The lock lives in Engram's lock folder, named by the settings file's absolute path, since the agent's folder may be
 * one Engram should not litter.
 */
final class SettingsFileLock {
  private SettingsFileLock() {}

  /** Takes the lock of {@code file} in {@code lockDir}, creating the file's folder so that it can be written next. */
  static FileLock acquire(Path lockDir, Path file) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    Files.createDirectories(absolute.getParent());
    String key = Integer.toHexString(absolute.toString().hashCode());
    return FileLock.acquire(lockDir.resolve("agent-settings-" + key + ".lock"));
  }
}
