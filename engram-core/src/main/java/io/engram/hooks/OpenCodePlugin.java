package io.engram.hooks;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Engram in OpenCode: a plugin file ({@code .opencode/plugins/engram.js}, the user's under {@code
 * ~/.config/opencode}) made from the {@code opencode-plugin.js} resource with the command that runs Engram, and
 * marked on its first line as Engram's, so that an install never overwrites and an uninstall never deletes a plugin
 * someone else wrote there.
 */
final class OpenCodePlugin {
  private static final String PLUGIN_MARK = "// engram: written by 'engram hooks install --agent opencode'";

  private OpenCodePlugin() {}

  /**
   * Writes Engram's plugin to {@code file}, running {@code command}, under the file's lock in {@code lockDir}; refuses
   * a file there that is not Engram's.
   */
  static AgentSetup.FileChange install(Path file, EngramCommand command, Path lockDir) throws IOException {
    String text;
    try (InputStream in = OpenCodePlugin.class.getResourceAsStream("opencode-plugin.js")) {
      text = new String(Objects.requireNonNull(in, "opencode-plugin.js").readAllBytes(), StandardCharsets.UTF_8);
    }
    String words = command.words().stream().map(w -> JsonConfigFile.JSON.getNodeFactory().textNode(w).toString())
        .collect(Collectors.joining(", ", "[", "]"));
    text = text.replace("@ENGRAM_WORDS@", words);
    try (FileLock lock = SettingsFileLock.acquire(lockDir, file)) {
      boolean existed = Files.exists(file);
      String before = existed ? Files.readString(file) : "";
      if (existed && !before.startsWith(PLUGIN_MARK)) {
        throw new IllegalArgumentException(file + " exists and is not Engram's plugin; left unchanged");
      }
      boolean write = !existed || !before.equals(text);
      if (write) {
        AtomicFiles.writeString(file, text);
      }
      return new AgentSetup.FileChange(file, "plugin", existed ? List.of() : List.of("engram"), List.of(), write);
    }
  }

  /** Deletes {@code file} when it is Engram's plugin, under its lock; leaves anything else there alone. */
  static AgentSetup.FileChange remove(Path file, Path lockDir) throws IOException {
    if (!Files.exists(file)) {
      return new AgentSetup.FileChange(file, "plugin", List.of(), List.of(), false);
    }
    try (FileLock lock = SettingsFileLock.acquire(lockDir, file)) {
      if (Files.exists(file) && Files.readString(file).startsWith(PLUGIN_MARK)) {
        Files.delete(file);
        return new AgentSetup.FileChange(file, "plugin", List.of(), List.of("engram"), true);
      }
      return new AgentSetup.FileChange(file, "plugin", List.of(), List.of(), false);
    }
  }
}
